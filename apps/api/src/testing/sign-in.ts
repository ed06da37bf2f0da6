/** Signs in to a test app the way a browser wallet does: nonce, EIP-4361 message, signature, verify. */

import { privateKeyToAccount } from "viem/accounts";
import { createSiweMessage } from "viem/siwe";
import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from "../auth/session-cookie";
import { testAccount } from "./accounts";
import type { TestApp } from "./app";

export type Signer = number | `0x${string}`;

/** One of the test file's accounts (0-9, see accounts.ts) or any private key, as a viem local account. */
export function signerAccount(signer: Signer) {
  return privateKeyToAccount(typeof signer === "number" ? testAccount(signer).privateKey : signer);
}

/** Builds the SIWE message this app expects from `address`, with overridable fields for refusal tests. */
export async function siweMessageFor(
  t: TestApp,
  address: `0x${string}`,
  overrides: Partial<Parameters<typeof createSiweMessage>[0]> = {},
): Promise<string> {
  const res = await t.app.inject({ method: "GET", url: "/api/auth/nonce" });
  if (res.statusCode !== 200) throw new Error(`GET /api/auth/nonce answered ${res.statusCode}: ${res.body}`);
  const site = new URL(t.config.publicUrl);
  return createSiweMessage({
    address,
    chainId: t.config.chainId,
    domain: site.host,
    uri: site.origin,
    nonce: res.json().nonce,
    version: "1",
    issuedAt: new Date(),
    statement: "Sign in to ClassCoin.",
    ...overrides,
  });
}

/** Signs in and returns the `cookie` header value for `app.inject({ headers: { cookie } })`. */
export async function signIn(t: TestApp, signer: Signer): Promise<string> {
  const account = signerAccount(signer);
  const message = await siweMessageFor(t, account.address);
  const signature = await account.signMessage({ message });
  const res = await t.app.inject({ method: "POST", url: "/api/auth/verify", payload: { message, signature } });
  if (res.statusCode !== 200) throw new Error(`POST /api/auth/verify answered ${res.statusCode}: ${res.body}`);
  const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE || c.name === SECURE_SESSION_COOKIE);
  if (!cookie) throw new Error("POST /api/auth/verify set no session cookie");
  return `${cookie.name}=${cookie.value}`;
}
