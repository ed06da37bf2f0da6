/**
 * The admin's whitelist answers each wallet's welcome grant as it stands (issue 14): after a reload, the
 * instructor still sees whose grant was paid, whose ETH was skipped, what is not sent yet, and which wallets
 * have none; read in a fixed number of queries, however long the roster.
 */
import { messages } from "@classcoin/shared/messages";
import type { AdminWhitelistEntry } from "@classcoin/shared/treasury";
import { parseEther, parseUnits } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { treasuryPayments, welcomeGrants, whitelist } from "../../db/schema";
import { adminCalls } from "../../testing/admin";
import { createTestApp, type TestApp } from "../../testing/app";
import { startTestChain, type TestChain } from "../../testing/chain";
import { testDatabaseKinds } from "../../testing/database";

let chain: TestChain;
beforeAll(async () => {
  chain = await startTestChain();
});
afterAll(async () => {
  await chain?.stop();
});

const fresh = () => privateKeyToAccount(generatePrivateKey()).address.toLowerCase() as `0x${string}`;

describe.each(testDatabaseKinds())("the whitelist with its welcome grants on %s", (kind) => {
  let t: TestApp;
  let admin: ReturnType<typeof adminCalls>;

  beforeAll(async () => {
    t = await createTestApp(chain, kind);
    admin = adminCalls(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  const listed = async () => {
    const res = await admin.get("whitelist");
    expect(res.statusCode, res.body).toBe(200);
    return new Map((res.json() as AdminWhitelistEntry[]).map((e) => [e.wallet, e]));
  };

  it("each entry carries its grant as the add answered it: paid, ETH skipped, not sent yet, or none", async () => {
    const treasury = chain.account(0).address;
    const before = await chain.publicClient.getBalance({ address: treasury });
    const [paid, poor, unsent, legacy] = [fresh(), fresh(), fresh(), fresh()];
    try {
      const one = await admin.post("/whitelist/add", { wallet: paid, notes: "Ada, 3B" });
      expect(one.statusCode, one.body).toBe(200);

      // Enough for the mint's gas, not for 0.01 ETH above the treasury's reserve: the ETH is skipped.
      await chain.test.setBalance({ address: treasury, value: parseEther("0.015") });
      const short = await admin.post("/whitelist/add-many", { list: `${poor},Grace` });
      expect(short.statusCode, short.body).toBe(200);
      expect(short.json().grants[0]).toMatchObject({ ethSkipped: messages.treasury.welcomeEthSkippedNoFunds });

      // Nothing for gas at all: added, grant claimed, nothing sent.
      await chain.test.setBalance({ address: treasury, value: 0n });
      const none = await admin.post("/whitelist/add-many", { list: unsent });
      expect(none.statusCode, none.body).toBe(200);
      expect(none.json().grants[0]).toMatchObject({ state: "unsent" });
      await chain.test.setBalance({ address: treasury, value: before });

      // Listed before welcome grants existed: no grant row.
      await t.database.db.insert(whitelist).values({ wallet: legacy, notes: "from last year" });

      const list = await listed();
      // Before: the list answered `_id, wallet, notes, addedAt` only; the grants were in the add answers alone.
      expect(list.get(paid)).toEqual({
        _id: one.json().entry._id,
        wallet: paid,
        notes: "Ada, 3B",
        addedAt: one.json().entry.addedAt,
        grant: one.json().grant,
      });
      expect(list.get(paid)?.grant).toMatchObject({
        wallet: paid,
        cc: 10,
        eth: "0.01",
        ethSkipped: null,
        ccTxHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
        ethTxHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
        state: "paid",
      });
      expect(list.get(poor)?.grant).toEqual(short.json().grants[0]);
      expect(list.get(poor)?.grant).toMatchObject({
        cc: 10,
        eth: "0",
        ethTxHash: null,
        ethSkipped: messages.treasury.welcomeEthSkippedNoFunds,
        state: "paid",
      });
      expect(list.get(poor)?.notes).toBe("Grace");
      expect(list.get(unsent)?.grant).toEqual(none.json().grants[0]);
      expect(list.get(unsent)?.grant).toMatchObject({ ccTxHash: null, ethTxHash: null, state: "unsent" });
      expect(list.get(legacy)).toMatchObject({ notes: "from last year", grant: null });
      // The admin's own wallet gets no grant: not listed with one either.
      const self = await admin.post("/whitelist/add", { wallet: treasury, notes: "" });
      expect(self.json().grant).toBeNull();
      expect((await listed()).get(treasury.toLowerCase())?.grant).toBeNull();

      // Added again once the treasury has ETH, the grant's rest is sent, and the list says so.
      const again = await admin.post("/whitelist/add-many", { list: `${unsent}\n${poor}` });
      expect(again.statusCode, again.body).toBe(200);
      const after = await listed();
      expect(after.get(unsent)?.grant).toMatchObject({ eth: "0.01", state: "paid" });
      expect(after.get(poor)?.grant).toMatchObject({ eth: "0.01", ethSkipped: null, state: "paid" });
      expect(await chain.balanceOf(unsent)).toBe(parseUnits("10", 18));
    } finally {
      await chain.test.setBalance({ address: treasury, value: before }).catch(() => {});
    }
  });

  it("is read in a fixed number of queries, however many wallets are listed", async () => {
    const db = t.app.deps.database.db;
    const selects = vi.spyOn(db, "select");
    try {
      await listed();
      const few = selects.mock.calls.length;
      const roster = Array.from({ length: 30 }, fresh);
      const added = await admin.post("/whitelist/add-many", { list: roster.join("\n") });
      expect(added.statusCode, added.body).toBe(200);
      selects.mockClear();
      const list = await listed();
      expect(roster.map((w) => list.get(w)?.grant?.state)).toEqual(roster.map(() => "paid"));
      console.log(
        `whitelist list: ${few} selects for ${list.size - roster.length} wallets, ${selects.mock.calls.length} for ${list.size}`,
      );
      expect(selects.mock.calls.length).toBe(few);
    } finally {
      selects.mockRestore();
    }
  });

  it("'Add a wallet' for a listed wallet sends what is left of its grant, as its text advises; a paid one stays a 409", async () => {
    const treasury = chain.account(0).address;
    const before = await chain.publicClient.getBalance({ address: treasury });
    const [poor, legacy] = [fresh(), fresh()];
    try {
      await chain.test.setBalance({ address: treasury, value: parseEther("0.015") });
      const short = await admin.post("/whitelist/add", { wallet: poor, notes: "Grace" });
      expect(short.json().grant).toMatchObject({ ethSkipped: messages.treasury.welcomeEthSkippedNoFunds });
      // Added again while the treasury is still short: said as such (a rehearsal saw "…was sent" for nothing).
      const stillShort = await admin.post("/whitelist/add", { wallet: poor, notes: "" });
      expect(stillShort.statusCode, stillShort.body).toBe(200);
      expect(stillShort.json().message).toBe(messages.treasury.welcomeGrantEthStillShort);
      expect(stillShort.json().grant).toMatchObject({ ethSkipped: messages.treasury.welcomeEthSkippedNoFunds });
      await chain.test.setBalance({ address: treasury, value: before });
      const ethBefore = await chain.publicClient.getBalance({ address: poor });

      // Before: 409 "This wallet is already on the whitelist", and the ETH never sent.
      const again = await admin.post("/whitelist/add", { wallet: poor, notes: "" });
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().message).toBe(messages.treasury.welcomeGrantSentAgain);
      expect(again.json().entry).toMatchObject({ wallet: poor, notes: "Grace" });
      expect(again.json().grant).toMatchObject({ state: "paid", ethSkipped: null, eth: "0.01" });
      expect(await chain.publicClient.getBalance({ address: poor })).toBe(ethBefore + parseEther("0.01"));
      expect((await listed()).get(poor)?.grant).toEqual(again.json().grant);

      // Paid in full: nothing to send, the refusal stands, and nothing is paid twice.
      const third = await admin.post("/whitelist/add", { wallet: poor, notes: "" });
      expect([third.statusCode, third.json().error]).toEqual([409, "This wallet is already on the whitelist"]);
      expect(await chain.publicClient.getBalance({ address: poor })).toBe(ethBefore + parseEther("0.01"));

      // Listed before welcome grants existed: adding it again gives it its one grant.
      await t.database.db.insert(whitelist).values({ wallet: legacy, notes: "from last year" });
      const legacyAgain = await admin.post("/whitelist/add", { wallet: legacy, notes: "" });
      expect(legacyAgain.statusCode, legacyAgain.body).toBe(200);
      expect(legacyAgain.json().grant).toMatchObject({ cc: 10, state: "paid" });
      expect(await chain.balanceOf(legacy)).toBe(parseUnits("10", 18));
    } finally {
      await chain.test.setBalance({ address: treasury, value: before });
    }
  });

  it("a grant whose payment is not mined yet is pending, one whose payment was dropped failed", async () => {
    const [pending, failed] = [fresh(), fresh()];
    const cc = parseUnits("10", 18).toString();
    const hash = (n: number) => `0x${n.toString(16).padStart(64, "0")}`;
    // Recorded as an earlier request left them (never broadcast: nonces far ahead of the treasury's). Last in
    // this file: no payment is sent after them.
    await t.database.db.insert(treasuryPayments).values(
      [
        { wallet: pending, status: "signed" as const, n: 1 },
        { wallet: failed, status: "dropped" as const, n: 2 },
      ].map(({ wallet, status, n }) => ({
        txHash: hash(n),
        purpose: `welcome-cc:test-${wallet}`,
        kind: "welcome" as const,
        description: "Welcome grant",
        toWallets: [wallet],
        amountWei: cc,
        nonce: 1_000_000 + n,
        rawTx: "0x00",
        status,
      })),
    );
    await t.database.db.insert(whitelist).values([{ wallet: pending }, { wallet: failed }]);
    await t.database.db.insert(welcomeGrants).values([
      { wallet: pending, ccWei: cc, ethWei: "0", ethSkipped: messages.treasury.welcomeEthOff, ccTxHash: hash(1) },
      { wallet: failed, ccWei: cc, ethWei: "0", ethSkipped: messages.treasury.welcomeEthOff, ccTxHash: hash(2) },
    ]);
    const list = await listed();
    expect(list.get(pending)?.grant).toMatchObject({ cc: 10, eth: "0", ccTxHash: hash(1), state: "pending" });
    expect(list.get(failed)?.grant).toMatchObject({ cc: 10, eth: "0", ccTxHash: hash(2), state: "failed" });
  });
});
