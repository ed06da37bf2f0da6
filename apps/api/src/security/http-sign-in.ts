/**
 * Sign-In with Ethereum over real HTTP (fetch), the way a browser does it, for tests that drive a running
 * server rather than `app.inject`: the stress soak and the end-to-end XSS test.
 */

import { LOCAL_CHAIN_ID } from "@classcoin/shared/constants";
import { privateKeyToAccount } from "viem/accounts";
import { createSiweMessage } from "viem/siwe";
import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from "../auth/session-cookie";

/** Signs in `privateKey` at `baseUrl` and returns the `cookie` header value of its session. */
export async function signInOverHttp(
  baseUrl: string,
  privateKey: `0x${string}`,
  options: { publicUrl?: string; chainId?: number } = {},
): Promise<string> {
  const account = privateKeyToAccount(privateKey);
  const nonceRes = await fetch(`${baseUrl}/api/auth/nonce`);
  if (!nonceRes.ok) throw new Error(`GET /api/auth/nonce answered ${nonceRes.status}: ${await nonceRes.text()}`);
  const { nonce } = (await nonceRes.json()) as { nonce: string };
  const site = new URL(options.publicUrl ?? baseUrl);
  const message = createSiweMessage({
    address: account.address,
    chainId: options.chainId ?? LOCAL_CHAIN_ID,
    domain: site.host,
    uri: site.origin,
    nonce,
    version: "1",
    issuedAt: new Date(),
    statement: "Sign in to ClassCoin.",
  });
  const signature = await account.signMessage({ message });
  const res = await fetch(`${baseUrl}/api/auth/verify`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ message, signature }),
  });
  if (!res.ok) throw new Error(`POST /api/auth/verify answered ${res.status}: ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .find((c) => c.startsWith(`${SESSION_COOKIE}=`) || c.startsWith(`${SECURE_SESSION_COOKIE}=`));
  if (!cookie) throw new Error("POST /api/auth/verify set no session cookie");
  return cookie.split(";")[0] ?? "";
}
