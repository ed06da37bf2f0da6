import { SESSION_TTL_MS, SIWE_MAX_AGE_MS } from "@classcoin/shared/constants";
import { messages } from "@classcoin/shared/messages";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sessions, siweNonces } from "../db/schema";
import { createTestApp, type TestApp } from "../testing/app";
import { startTestChain, type TestChain } from "../testing/chain";
import { testDatabaseKinds } from "../testing/database";
import { signerAccount, signIn, siweMessageFor } from "../testing/sign-in";
import { verifySiwe } from "./siwe";

let chain: TestChain;
beforeAll(async () => {
  chain = await startTestChain();
});
afterAll(async () => {
  await chain?.stop();
});

describe.each(testDatabaseKinds())("wallet sessions (Sign-In with Ethereum) on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(chain, kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const me = (cookie?: string) =>
    t.app.inject({ method: "GET", url: "/api/auth/me", headers: cookie ? { cookie } : {} });
  const verify = (message: string, signature: string) =>
    t.app.inject({ method: "POST", url: "/api/auth/verify", payload: { message, signature } });

  /** Signs a message for dev account 1, with some fields changed, and posts it. */
  async function attempt(overrides: Parameters<typeof siweMessageFor>[2] = {}) {
    const account = signerAccount(1);
    const message = await siweMessageFor(t, account.address, overrides);
    return verify(message, await account.signMessage({ message }));
  }

  it("a signed-in wallet gets an httpOnly, SameSite=Lax session cookie and /me names it", async () => {
    const account = signerAccount(2);
    const message = await siweMessageFor(t, account.address);
    const res = await verify(message, await account.signMessage({ message }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ wallet: account.address.toLowerCase() });
    const cookie = res.cookies.find((c) => c.name === "classcoin_session");
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/", maxAge: SESSION_TTL_MS / 1000 });
    expect(cookie?.secure).toBeFalsy();
    const who = await me(`classcoin_session=${cookie?.value}`);
    expect(who.statusCode).toBe(200);
    expect(who.json()).toEqual({ wallet: account.address.toLowerCase() });
  });

  it("the database keeps only a hash of the session token", async () => {
    const cookie = await signIn(t, 3);
    const token = cookie.split("=")[1] ?? "";
    const rows = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.wallet, signerAccount(3).address.toLowerCase()));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.tokenHash).not.toContain(token);
  });

  it("any private key can sign in, not only the dev accounts", async () => {
    const key = "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d" as const;
    const cookie = await signIn(t, key);
    expect((await me(cookie)).json()).toEqual({ wallet: signerAccount(key).address.toLowerCase() });
  });

  it("without a cookie, or with a made-up one, /me answers 401", async () => {
    expect((await me()).statusCode).toBe(401);
    const forged = await me(`classcoin_session=${"A".repeat(43)}`);
    expect(forged.statusCode).toBe(401);
    expect(forged.json().error).toBe(messages.auth.notSignedIn);
  });

  it("logout deletes the session server-side: the old cookie no longer works", async () => {
    const cookie = await signIn(t, 4);
    expect((await me(cookie)).statusCode).toBe(200);
    const out = await t.app.inject({ method: "POST", url: "/api/auth/logout", headers: { cookie } });
    expect(out.statusCode).toBe(200);
    const cleared = out.cookies.find((c) => c.name === "classcoin_session");
    expect(cleared?.value).toBe("");
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it("signing in again in the same browser ends the session it held (it stayed valid for 7 days)", async () => {
    const first = await signIn(t, 6);
    const account = signerAccount(7);
    const message = await siweMessageFor(t, account.address);
    const next = await t.app.inject({
      method: "POST",
      url: "/api/auth/verify",
      payload: { message, signature: await account.signMessage({ message }) },
      headers: { cookie: first },
    });
    expect(next.statusCode, next.body).toBe(200);
    const cookie = next.cookies.find((c) => c.name === "classcoin_session");
    expect((await me(`classcoin_session=${cookie?.value}`)).json()).toEqual({ wallet: account.address.toLowerCase() });
    expect((await me(first)).statusCode).toBe(401);
  });

  it("an expired session is refused", async () => {
    const cookie = await signIn(t, 5);
    const wallet = signerAccount(5).address.toLowerCase();
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.wallet, wallet));
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it("refuses a message for another domain", async () => {
    const res = await attempt({ domain: "evil.example" });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe(messages.auth.siweDomain("localhost:5173"));
  });

  it("on the local chain, a loopback address on another port (the Vite dev server) may sign in", async () => {
    for (const host of ["127.0.0.1:5174", "localhost:5174"]) {
      const res = await attempt({ domain: host, uri: `http://${host}/profiles` });
      expect(res.statusCode).toBe(200);
    }
    const mismatch = await attempt({ domain: "127.0.0.1:5174", uri: "http://evil.example/" });
    expect(mismatch.statusCode).toBe(401);
    expect(mismatch.json().error).toBe(messages.auth.siweUri("http://127.0.0.1:5174"));
  });

  it("on a real network only the public URL's host is accepted", async () => {
    const account = signerAccount(1);
    const message = await siweMessageFor(t, account.address, {
      domain: "localhost:5174",
      uri: "http://localhost:5174",
    });
    const refused = await verifySiwe(
      { db: t.database.db, chain: t.app.deps.chain, config: { ...t.config, chain: "sepolia" } },
      message,
      await account.signMessage({ message }),
    ).catch((e: Error) => e.message);
    expect(refused).toBe(messages.auth.siweDomain("localhost:5173"));
  });

  it("refuses a message for another chain", async () => {
    const res = await attempt({ chainId: 1 });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe(messages.auth.siweChain(31337));
  });

  it("refuses a message whose URI is another site", async () => {
    const res = await attempt({ uri: "https://evil.example/login" });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe(messages.auth.siweUri("http://localhost:5173"));
  });

  it("refuses a message issued more than 10 minutes ago, or in the future", async () => {
    const old = await attempt({ issuedAt: new Date(Date.now() - SIWE_MAX_AGE_MS - 5_000) });
    expect(old.statusCode).toBe(401);
    expect(old.json().error).toBe(messages.auth.siweExpired);
    const future = await attempt({ issuedAt: new Date(Date.now() + 10 * 60_000) });
    expect(future.statusCode).toBe(401);
    expect(future.json().error).toBe(messages.auth.siweIssuedInFuture);
  });

  it("refuses a message past its expirationTime or before its notBefore", async () => {
    const expired = await attempt({ expirationTime: new Date(Date.now() - 1000) });
    expect(expired.json().error).toBe(messages.auth.siweExpired);
    const early = await attempt({ notBefore: new Date(Date.now() + 10 * 60_000) });
    expect(early.json().error).toBe(messages.auth.siweNotYetValid);
  });

  it("a nonce works exactly once: replaying a successful sign-in is refused", async () => {
    const account = signerAccount(6);
    const message = await siweMessageFor(t, account.address);
    const signature = await account.signMessage({ message });
    expect((await verify(message, signature)).statusCode).toBe(200);
    const replay = await verify(message, signature);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error).toBe(messages.auth.siweNonce);
  });

  it("two concurrent uses of one signed message open exactly one session", async () => {
    const account = signerAccount(7);
    const message = await siweMessageFor(t, account.address);
    const signature = await account.signMessage({ message });
    const results = await Promise.all([
      verify(message, signature),
      verify(message, signature),
      verify(message, signature),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401, 401]);
  });

  // Instances of one PostgreSQL, each with its own clock (PGlite is one process, and reads the process's clock).
  it.runIf(kind === "postgres")(
    "a nonce issued by one instance survives another instance whose clock runs ahead issuing its own",
    async () => {
      const account = signerAccount(8);
      const message = await siweMessageFor(t, account.address);
      // A classmate's page asks an instance whose clock is 15 minutes ahead of the database's for a nonce.
      vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 15 * 60 * 1000 });
      try {
        expect((await t.app.inject({ method: "GET", url: "/api/auth/nonce" })).statusCode).toBe(200);
      } finally {
        vi.useRealTimers();
      }
      // Before: that instance deleted every nonce issued in the last 15 minutes as expired, this one too.
      const res = await verify(message, await account.signMessage({ message }));
      expect(res.statusCode, res.body).toBe(200);
    },
  );

  it("refuses a nonce the server never issued", async () => {
    const account = signerAccount(1);
    const message = (await siweMessageFor(t, account.address)).replace(/Nonce: \w+/, "Nonce: abcdefgh12345678");
    const res = await verify(message, await account.signMessage({ message }));
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe(messages.auth.siweNonce);
  });

  it("refuses a signature made by another key, and a garbage signature, without using up the nonce", async () => {
    const message = await siweMessageFor(t, signerAccount(1).address);
    const wrong = await verify(message, await signerAccount(2).signMessage({ message }));
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toBe(messages.auth.siweSignature);
    const garbage = await verify(message, "0x1234");
    expect(garbage.statusCode).toBe(401);
    expect(garbage.json().error).toBe(messages.auth.siweSignature);
    const nonce = /Nonce: (\w+)/.exec(message)?.[1] ?? "";
    expect(await t.database.db.select().from(siweNonces).where(eq(siweNonces.nonce, nonce))).toHaveLength(1);
    const right = await verify(message, await signerAccount(1).signMessage({ message }));
    expect(right.statusCode).toBe(200);
  });

  it("refuses text that is not an EIP-4361 message", async () => {
    const res = await verify("hello, sign me in", await signerAccount(1).signMessage({ message: "hello" }));
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe(messages.auth.siweMalformed);
  });
});

describe("session cookies on an https site", () => {
  it("are Secure and the SIWE domain is the public host", async () => {
    const t = await createTestApp(chain, "pglite", { PUBLIC_URL: "https://classcoin.example.edu" });
    try {
      const account = signerAccount(1);
      const message = await siweMessageFor(t, account.address);
      expect(message.startsWith("classcoin.example.edu wants you to sign in")).toBe(true);
      const res = await t.app.inject({
        method: "POST",
        url: "/api/auth/verify",
        payload: { message, signature: await account.signMessage({ message }) },
      });
      expect(res.statusCode).toBe(200);
      expect(res.cookies.find((c) => c.name === "__Host-classcoin_session")).toMatchObject({ secure: true, path: "/" });
      expect(res.cookies.find((c) => c.name === "__Host-classcoin_session")?.domain).toBeUndefined();
    } finally {
      await t.close();
    }
  });

  it("take only the __Host- cookie: one planted by a sibling subdomain under the plain name is not a session", async () => {
    const t = await createTestApp(chain, "pglite", { PUBLIC_URL: "https://classcoin.example.edu" });
    try {
      const session = async (cookie: string) =>
        (await t.app.inject({ method: "GET", url: "/api/auth/session", headers: { cookie } })).json().wallet;
      const victim = await signIn(t, 1);
      const planted = (await signIn(t, 2)).replace("__Host-classcoin_session=", "classcoin_session=");
      expect(victim.startsWith("__Host-classcoin_session=")).toBe(true);
      // As a browser sends a sibling's cookie for Path=/api: first. Before, the server took it.
      expect(await session(`${planted}; ${victim}`)).toBe(signerAccount(1).address.toLowerCase());
      expect(await session(planted)).toBeNull();
      // Signing out clears the cookie this site set.
      const out = await t.app.inject({
        method: "POST",
        url: "/api/auth/logout",
        headers: { cookie: `${planted}; ${victim}`, origin: "https://classcoin.example.edu" },
      });
      expect(out.statusCode, out.body).toBe(200);
      expect(out.cookies.find((c) => c.name === "__Host-classcoin_session")?.maxAge).toBe(0);
      expect(await session(victim)).toBeNull();
    } finally {
      await t.close();
    }
  });
});
