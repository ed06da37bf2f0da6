/**
 * `GET /api/whitelist/me`: a student asks about their own place on the roster and their welcome grant, so the
 * create-profile page of one whose grant failed stops telling them to ask to be added (they are on it). The
 * session's wallet only: signed out is a 401, and no request names another wallet.
 */
import { messages } from "@classcoin/shared/messages";
import { parseEther, parseUnits } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { treasuryPayments, welcomeGrants, whitelist } from "../../db/schema";
import { adminCalls } from "../../testing/admin";
import { createTestApp, type TestApp } from "../../testing/app";
import { startTestChain, type TestChain } from "../../testing/chain";
import { testDatabaseKinds } from "../../testing/database";
import { signIn } from "../../testing/sign-in";

let chain: TestChain;
beforeAll(async () => {
  chain = await startTestChain();
});
afterAll(async () => {
  await chain?.stop();
});

/** A fresh student: their wallet and their signed-in session's cookie on `t`. */
async function student(t: TestApp) {
  const key = generatePrivateKey();
  const wallet = privateKeyToAccount(key).address.toLowerCase() as `0x${string}`;
  return { wallet, cookie: await signIn(t, key) };
}

const hash = /^0x[0-9a-f]{64}$/;

describe.each(testDatabaseKinds())("a student's own roster entry and welcome grant on %s", (kind) => {
  let t: TestApp;
  let admin: ReturnType<typeof adminCalls>;
  beforeAll(async () => {
    t = await createTestApp(chain, kind);
    admin = adminCalls(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  const me = (cookie?: string, query = "") =>
    t.app.inject({ method: "GET", url: `/api/whitelist/me${query}`, headers: cookie ? { cookie } : {} });
  const own = async (cookie: string) => {
    const res = await me(cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    return res.json();
  };

  it("a listed wallet sees its grant paid, with the transactions", async () => {
    const ada = await student(t);
    expect(await own(ada.cookie)).toEqual({ wallet: ada.wallet, listed: false, grant: null });
    const added = await admin.post("/whitelist/add", { wallet: ada.wallet, notes: "Ada" });
    expect(added.statusCode, added.body).toBe(200);
    expect(await own(ada.cookie)).toEqual({
      wallet: ada.wallet,
      listed: true,
      grant: {
        state: "paid",
        cc: 10,
        eth: "0.01",
        ccTxHash: expect.stringMatching(hash),
        ethTxHash: expect.stringMatching(hash),
      },
    });
  });

  it("CC paid but the ETH owed when the treasury was short; failed when it could not pay the gas at all", async () => {
    const treasury = chain.account(0).address;
    const before = await chain.publicClient.getBalance({ address: treasury });
    const [grace, ben] = [await student(t), await student(t)];
    try {
      // Enough for the mint's gas, not for 0.01 ETH above the treasury's reserve.
      await chain.test.setBalance({ address: treasury, value: parseEther("0.015") });
      expect((await admin.post("/whitelist/add", { wallet: grace.wallet, notes: "" })).statusCode).toBe(200);
      // Nothing for gas: listed, the grant claimed and not sent.
      await chain.test.setBalance({ address: treasury, value: 0n });
      expect((await admin.post("/whitelist/add", { wallet: ben.wallet, notes: "" })).statusCode).toBe(200);
    } finally {
      await chain.test.setBalance({ address: treasury, value: before });
    }
    expect(await own(grace.cookie)).toMatchObject({
      listed: true,
      grant: { state: "ethOwed", cc: 10, eth: "0", ccTxHash: expect.stringMatching(hash), ethTxHash: null },
    });
    expect(await own(ben.cookie)).toMatchObject({
      listed: true,
      grant: { state: "failed", cc: 10, ccTxHash: null, ethTxHash: null },
    });
    expect(await chain.balanceOf(ben.wallet)).toBe(0n);

    // Added again once the treasury has ETH: what was left is sent, and the student sees it paid.
    expect((await admin.post("/whitelist/add", { wallet: ben.wallet, notes: "" })).statusCode).toBe(200);
    expect((await own(ben.cookie)).grant).toMatchObject({ state: "paid", eth: "0.01" });
    expect(await chain.balanceOf(ben.wallet)).toBe(parseUnits("10", 18));
  });

  it("under way while its payment is not mined; failed once it was dropped; none for a wallet listed without one", async () => {
    const [cleo, dan, eve] = [await student(t), await student(t), await student(t)];
    const cc = parseUnits("10", 18).toString();
    const txHash = (n: number) => `0x${(0xc0de00 + n).toString(16).padStart(64, "0")}`;
    // Recorded as an earlier request left them (never broadcast: nonces far ahead of the treasury's).
    await t.database.db.insert(treasuryPayments).values(
      [
        { wallet: cleo.wallet, status: "signed" as const, n: 1 },
        { wallet: dan.wallet, status: "dropped" as const, n: 2 },
      ].map(({ wallet, status, n }) => ({
        txHash: txHash(n),
        purpose: `welcome-cc:test-${wallet}`,
        kind: "welcome" as const,
        description: "Welcome grant",
        toWallets: [wallet],
        amountWei: cc,
        nonce: 2_000_000 + n,
        rawTx: "0x00",
        status,
      })),
    );
    await t.database.db
      .insert(whitelist)
      .values([{ wallet: cleo.wallet }, { wallet: dan.wallet }, { wallet: eve.wallet }]);
    await t.database.db.insert(welcomeGrants).values(
      [cleo, dan].map(({ wallet }, i) => ({
        wallet,
        ccWei: cc,
        ethWei: "0",
        ethSkipped: messages.treasury.welcomeEthOff,
        ccTxHash: txHash(i + 1),
      })),
    );
    expect((await own(cleo.cookie)).grant).toMatchObject({ state: "underWay", ccTxHash: txHash(1) });
    expect((await own(dan.cookie)).grant).toMatchObject({ state: "failed", ccTxHash: txHash(2) });
    expect(await own(eve.cookie)).toEqual({ wallet: eve.wallet, listed: true, grant: null });
  });

  it("refuses a signed-out or expired request with 401; another wallet's session learns only about itself", async () => {
    const [listed, other] = [await student(t), await student(t)];
    expect((await admin.post("/whitelist/add", { wallet: listed.wallet, notes: "" })).statusCode).toBe(200);

    for (const cookie of [undefined, "classcoin_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"]) {
      const res = await me(cookie);
      expect(res.statusCode, res.body).toBe(401);
      expect(res.json()).toEqual({ error: messages.auth.required });
      // A wallet named in the request changes nothing.
      const named = await me(cookie, `?wallet=${listed.wallet}`);
      expect([named.statusCode, named.body]).toEqual([401, res.body]);
    }
    for (const query of ["", `?wallet=${listed.wallet}`]) {
      const res = await me(other.cookie, query);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ wallet: other.wallet, listed: false, grant: null });
      expect(res.body).not.toContain(listed.wallet.slice(2));
    }
  });
});
