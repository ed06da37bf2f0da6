/**
 * The sign-in limit is per client IP whatever cookie comes along. Other limits are keyed by the session's
 * wallet when there is one, and sign-in used to be too: sending any session cookie moved the key to that
 * wallet, and 200 fresh wallets signed in from one blocked IP in 2.5 s. Now nonce and verify count per IP
 * always (60 a minute each), and one IP opens at most NEW_SESSIONS_PER_IP_PER_HOUR new sessions.
 */
import { messages } from "@classcoin/shared/messages";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { createSiweMessage } from "viem/siwe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NEW_SESSIONS_PER_IP_PER_HOUR, sessionLimitErrors } from "../auth/session-limit";
import { createTestApp, type TestApp } from "../testing/app";
import { startTestChain, type TestChain } from "../testing/chain";

let chain: TestChain;
let t: TestApp;
beforeAll(async () => {
  chain = await startTestChain();
  t = await createTestApp(chain, "pglite", { RATE_LIMIT: "true" });
});
afterAll(async () => {
  await t?.close();
  await chain?.stop();
});

const cookieHeader = (res: { cookies: { name: string; value: string }[] }) =>
  res.cookies.map((c) => `${c.name}=${c.value}`).join("; ");

/**
 * One sign-in of a fresh wallet from `ip`, sending `cookie` (the previous sign-in's session) with both
 * requests; the new session's cookie, or the refusal.
 */
async function signInFresh(ip: string, cookie: string): Promise<{ status: number; error?: string; cookie?: string }> {
  const nonceRes = await t.app.inject({
    method: "GET",
    url: "/api/auth/nonce",
    remoteAddress: ip,
    headers: { cookie },
  });
  if (nonceRes.statusCode !== 200) return { status: nonceRes.statusCode, error: nonceRes.json().error };
  const sent = [cookie, cookieHeader(nonceRes)].filter(Boolean).join("; ");
  const account = privateKeyToAccount(generatePrivateKey());
  const site = new URL(t.config.publicUrl);
  const message = createSiweMessage({
    address: account.address,
    chainId: t.config.chainId,
    domain: site.host,
    uri: site.origin,
    nonce: nonceRes.json().nonce,
    version: "1",
    issuedAt: new Date(),
  });
  const res = await t.app.inject({
    method: "POST",
    url: "/api/auth/verify",
    remoteAddress: ip,
    headers: { cookie: sent },
    payload: { message, signature: await account.signMessage({ message }) },
  });
  if (res.statusCode !== 200) return { status: res.statusCode, error: res.json().error };
  const session = res.cookies.find((c) => c.name === "classcoin_session");
  return { status: 200, cookie: `classcoin_session=${session?.value}` };
}

describe("sign-in limits per IP", () => {
  it(`200 sign-ins from one IP with rotating session cookies: ${NEW_SESSIONS_PER_IP_PER_HOUR} succeed, the rest are 429`, async () => {
    const results: { status: number; error?: string }[] = [];
    let cookie = "";
    for (let i = 0; i < 200; i++) {
      const result = await signInFresh("198.51.100.77", cookie);
      results.push(result);
      // Each attempt sends the newest session it has, as the attack did.
      if (result.cookie) cookie = result.cookie;
    }
    const ok = results.filter((r) => r.status === 200).length;
    const refused = results.filter((r) => r.status === 429);
    console.log(
      `sign-in flood: 200 attempts from one IP with rotating cookies, ${ok} sessions opened, ${refused.length} × 429`,
    );
    expect(ok).toBe(NEW_SESSIONS_PER_IP_PER_HOUR);
    expect(refused).toHaveLength(200 - NEW_SESSIONS_PER_IP_PER_HOUR);
    expect(results.slice(0, NEW_SESSIONS_PER_IP_PER_HOUR).every((r) => r.status === 200)).toBe(true);
    // The first refusal is the hourly session cap (the per-minute nonce limit is not reached yet).
    expect(refused[0]?.error).toBe(sessionLimitErrors.tooManySessions(60));
    for (const r of refused) {
      expect(
        r.error === messages.rateLimit.tooMany(Number(/wait (\d+) seconds/.exec(r.error ?? "")?.[1])) ||
          /new sign-ins from your network/.test(r.error ?? ""),
        r.error,
      ).toBe(true);
    }
    // Another IP is not affected.
    expect((await signInFresh("198.51.100.78", "")).status).toBe(200);
  });

  it("nonce requests are counted per IP even with a valid session cookie", async () => {
    const first = await signInFresh("198.51.100.90", "");
    expect(first.status).toBe(200);
    const codes: number[] = [];
    for (let i = 0; i < 61; i++) {
      const res = await t.app.inject({
        method: "GET",
        url: "/api/auth/nonce",
        remoteAddress: "198.51.100.90",
        headers: { cookie: first.cookie ?? "" },
      });
      codes.push(res.statusCode);
    }
    // One nonce was spent on the first sign-in: 59 more in the minute, then 429.
    expect(codes.filter((c) => c === 200)).toHaveLength(59);
    expect(codes.slice(59)).toEqual([429, 429]);
  });
});
