/**
 * A bounty's lifecycle (issue 14): completing it pays its reward on chain once, whatever is retried or sent
 * at once; cancelling and reopening move no money; the explorer shows the reward as "Bounty: <title>".
 */
import { classCoinAbi } from "@classcoin/contracts";
import { messages } from "@classcoin/shared/messages";
import { and, eq } from "drizzle-orm";
import { createWalletClient, encodeFunctionData, http, keccak256, parseUnits } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { foundry } from "viem/chains";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createIndexer } from "../../chain/indexer/indexer";
import { bounties, profiles, treasuryPayments } from "../../db/schema";
import { adminCalls, signedAdminRequest } from "../../testing/admin";
import { createTestApp, type TestApp } from "../../testing/app";
import { startTestChain, type TestChain } from "../../testing/chain";
import { testDatabaseKinds } from "../../testing/database";
import { dev } from "../../testing/transfers";

let chain: TestChain;
beforeAll(async () => {
  chain = await startTestChain();
});
afterAll(async () => {
  await chain?.stop();
});

const cc = (n: number) => parseUnits(String(n), 18);

describe.each(testDatabaseKinds())("bounty lifecycle on %s", (kind) => {
  let t: TestApp;
  let admin: ReturnType<typeof adminCalls>;

  beforeAll(async () => {
    t = await createTestApp(chain, kind);
    admin = adminCalls(t.app);
    await t.database.db.insert(profiles).values([
      { wallet: dev(1), name: "Ada", birthday: "2010-01-01", starSign: "Leo" },
      { wallet: dev(2), name: "Grace", birthday: "2010-02-02", starSign: "Virgo" },
      { wallet: dev(3), name: "Archived", birthday: "2010-03-03", starSign: "Aries", archived: true },
    ]);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function newBounty(title: string, reward: number): Promise<string> {
    const res = await admin.post("/bounties", { title, description: "Any medium", reward });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().bounty._id;
  }
  const paymentsFor = (id: string) =>
    t.database.db
      .select()
      .from(treasuryPayments)
      .where(eq(treasuryPayments.purpose, `bounty:${id}`));

  it("completing a bounty mints its reward to the student, marks it completed by the student's name, and the explorer shows it", async () => {
    const id = await newBounty("Paint a fox", 25);
    const before = await chain.balanceOf(dev(1));
    const res = await admin.post("/bounties/complete", { bountyId: id, wallet: dev(1) });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      message: "Bounty completed by Ada: 25 CC paid",
      bounty: { _id: id, status: "completed", completedBy: "Ada", completedByWallet: dev(1) },
    });
    expect(body.bounty.completedAt).toEqual(expect.any(String));
    expect(body.bounty.rewardTxHash).toBe(body.txHash);
    expect((await chain.balanceOf(dev(1))) - before).toBe(cc(25));

    const card = (await t.app.inject({ method: "GET", url: "/api/admin/public/bounties" }))
      .json()
      .find((b: { _id: string }) => b._id === id);
    expect(card).toMatchObject({ status: "completed", completedBy: "Ada" });

    await createIndexer({ database: t.database, chain: t.app.deps.chain, config: t.config }).catchUp();
    const explorer = await t.app.inject({ method: "GET", url: `/api/explorer/transactions?wallet=${dev(1)}` });
    const row = explorer.json().transactions.find((r: { txHash: string }) => r.txHash === body.txHash);
    expect(row).toMatchObject({ type: "system", description: "Bounty: Paint a fox", toWallet: dev(1), amount: 25 });
  });

  it("a completion sent twice at once, and again afterwards, pays once", async () => {
    const id = await newBounty("Twice", 7);
    const before = await chain.balanceOf(dev(2));
    const requests = await Promise.all(
      [0, 1].map(() =>
        signedAdminRequest({ method: "POST", path: "/bounties/complete", body: { bountyId: id, wallet: dev(2) } }),
      ),
    );
    const results = await Promise.all(requests.map((r) => t.app.inject(r.inject)));
    for (const r of results) expect([200, 409], r.body).toContain(r.statusCode);
    expect(results.some((r) => r.statusCode === 200)).toBe(true);
    const again = await admin.post("/bounties/complete", { bountyId: id, wallet: dev(2) });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe("This bounty is already completed and its reward was paid.");
    const other = await admin.post("/bounties/complete", { bountyId: id, wallet: dev(1) });
    expect(other.statusCode).toBe(409);
    expect((await chain.balanceOf(dev(2))) - before).toBe(cc(7));
    expect(await paymentsFor(id)).toHaveLength(1);
  });

  it("refuses an unknown bounty, a student without an active profile, the admin and a cancelled bounty, paying nothing", async () => {
    const id = await newBounty("Refusals", 5);
    const supply = () =>
      chain.publicClient.readContract({ address: chain.tokenAddress, abi: classCoinAbi, functionName: "totalSupply" });
    const before = await supply();
    const unknown = await admin.post("/bounties/complete", { bountyId: "999999", wallet: dev(1) });
    expect([unknown.statusCode, unknown.json().error]).toEqual([404, "Bounty not found"]);
    for (const wallet of [dev(4), dev(3)]) {
      const res = await admin.post("/bounties/complete", { bountyId: id, wallet });
      expect([res.statusCode, res.json().error]).toEqual([404, "Choose a student with an active profile."]);
    }
    const adminWallet = await admin.post("/bounties/complete", { bountyId: id, wallet: dev(0) });
    expect(adminWallet.statusCode).toBe(400);
    const badWallet = await admin.post("/bounties/complete", { bountyId: id, wallet: "0x123" });
    expect(badWallet.statusCode).toBe(400);
    expect((await admin.post("/bounties/cancel", { bountyId: id })).statusCode).toBe(200);
    const cancelled = await admin.post("/bounties/complete", { bountyId: id, wallet: dev(1) });
    expect([cancelled.statusCode, cancelled.json().error]).toEqual([
      409,
      "Only an active bounty can be completed. Reopen it first.",
    ]);
    expect(await supply()).toBe(before);
    expect(await paymentsFor(id)).toEqual([]);
  });

  it("cancel and reopen move no money and refuse what makes no sense; a paid bounty stays completed", async () => {
    const id = await newBounty("Cancel me", 3);
    const cancel = await admin.post("/bounties/cancel", { bountyId: id });
    expect(cancel.json()).toMatchObject({ message: "Bounty cancelled", bounty: { status: "cancelled" } });
    expect((await admin.post("/bounties/cancel", { bountyId: id })).statusCode).toBe(409);
    const reopen = await admin.post("/bounties/reopen", { bountyId: id });
    expect(reopen.json()).toMatchObject({
      message: "Bounty reopened",
      bounty: { status: "active", completedBy: null },
    });
    const twice = await admin.post("/bounties/reopen", { bountyId: id });
    expect([twice.statusCode, twice.json().error]).toEqual([409, "Only a cancelled bounty can be reopened."]);

    expect((await admin.post("/bounties/complete", { bountyId: id, wallet: dev(1) })).statusCode).toBe(200);
    for (const path of ["/bounties/cancel", "/bounties/reopen"]) {
      const res = await admin.post(path, { bountyId: id });
      expect([res.statusCode, res.json().error]).toEqual([
        409,
        "This bounty is completed and its reward was paid; it cannot be cancelled or reopened.",
      ]);
    }
    expect((await admin.post("/bounties/cancel", { bountyId: "999999" })).statusCode).toBe(404);
  });

  it("a reward under way or paid fixes the bounty's reward, status and student; a paid one may be renamed or deleted", async () => {
    const edit = (id: string, changes: Record<string, unknown>) =>
      admin.post("/bounties/update", {
        bountyId: id,
        title: "Locked",
        description: "Any medium",
        reward: 5,
        ...changes,
      });
    const refusal = (res: { statusCode: number; json(): { error?: string } }) => [res.statusCode, res.json().error];

    // Under way: recorded, not mined (as another instance's request leaves it for a block or more on Sepolia).
    const pending = await newBounty("Locked", 5);
    const hash = `0x${"7e".repeat(32)}`;
    await t.database.db.insert(treasuryPayments).values({
      txHash: hash,
      purpose: `bounty:${pending}`,
      kind: "bounty",
      description: "Bounty: Locked",
      toWallets: [dev(2)],
      amountWei: cc(5).toString(),
      nonce: 2_000_000,
      rawTx: "0x00",
    });
    try {
      const locked = messages.treasury.bountyPendingLocked(hash);
      // Before: each of these was a 200 (a bounty cancelled while its reward was then mined; a reward of 500 shown
      // for 5 CC paid; the bounty deleted, the payment left to explain nothing).
      for (const changes of [{ reward: 500 }, { status: "cancelled" }, { status: "completed", completedBy: "Ada" }]) {
        expect(refusal(await edit(pending, changes))).toEqual([409, locked]);
      }
      expect(refusal(await admin.post("/bounties/delete", { bountyId: pending }))).toEqual([409, locked]);
      const renamed = await edit(pending, { description: "Any medium, any size" });
      expect(renamed.statusCode, renamed.body).toBe(200);
    } finally {
      // Out of the way of the file's later payments.
      await t.database.db.update(treasuryPayments).set({ status: "dropped" }).where(eq(treasuryPayments.txHash, hash));
    }

    // Paid: the same three refused for good; the title may change, and the bounty may be deleted.
    const paid = await newBounty("Locked", 5);
    expect((await admin.post("/bounties/complete", { bountyId: paid, wallet: dev(1) })).statusCode).toBe(200);
    for (const changes of [{ reward: 500 }, { status: "active" }, { completedBy: "Grace" }]) {
      expect(refusal(await edit(paid, changes))).toEqual([409, messages.treasury.bountyPaidLocked]);
    }
    const retitled = await edit(paid, { title: "Locked (paid)", completedBy: "Ada" });
    expect(retitled.statusCode, retitled.body).toBe(200);
    expect(retitled.json().bounty).toMatchObject({ title: "Locked (paid)", status: "completed", reward: 5 });
    const deleted = await admin.post("/bounties/delete", { bountyId: paid });
    expect(deleted.statusCode, deleted.body).toBe(200);
  });

  it("after a crash: a payment signed but never sent is sent (same bytes) by the retry, and paid once", async () => {
    const id = await newBounty("Crashed", 11);
    const treasury = privateKeyToAccount(chain.account(0).privateKey);
    const wallet = createWalletClient({ account: treasury, chain: foundry, transport: http(chain.rpcUrl) });
    const nonce = await chain.publicClient.getTransactionCount({ address: treasury.address, blockTag: "pending" });
    const request = await wallet.prepareTransactionRequest({
      to: chain.tokenAddress,
      data: encodeFunctionData({ abi: classCoinAbi, functionName: "mintBatch", args: [[dev(1)], cc(11)] }),
      nonce,
    });
    const raw = await wallet.signTransaction(request);
    const hash = keccak256(raw);
    // What the server had committed when it died: the payment recorded, the bounty pointing at it.
    await t.database.db.insert(treasuryPayments).values({
      txHash: hash,
      purpose: `bounty:${id}`,
      kind: "bounty",
      description: "Bounty: Crashed",
      toWallets: [dev(1)],
      amountWei: cc(11).toString(),
      nonce,
      rawTx: raw,
    });
    await t.database.db
      .update(bounties)
      .set({ rewardTxHash: hash, completedByWallet: dev(1) })
      .where(eq(bounties.id, Number(id)));
    const before = await chain.balanceOf(dev(1));
    const retry = await admin.post("/bounties/complete", { bountyId: id, wallet: dev(1) });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().txHash).toBe(hash);
    expect((await chain.balanceOf(dev(1))) - before).toBe(cc(11));
    const [payment] = await paymentsFor(id);
    expect(payment).toMatchObject({ status: "mined", txHash: hash });
  });

  it("after a crash: a payment whose nonce was taken by another transaction is dropped, and the bounty can be paid again", async () => {
    const id = await newBounty("Dropped", 4);
    const mined = await chain.publicClient.getTransactionCount({ address: chain.account(0).address });
    expect(mined).toBeGreaterThan(0);
    const fake = keccak256(`0x${id.padStart(8, "0")}dead`);
    await t.database.db.insert(treasuryPayments).values({
      txHash: fake,
      purpose: `bounty:${id}`,
      kind: "bounty",
      description: "Bounty: Dropped",
      toWallets: [dev(2)],
      amountWei: cc(4).toString(),
      nonce: mined - 1,
      rawTx: "0x00",
    });
    await t.database.db
      .update(bounties)
      .set({ rewardTxHash: fake, completedByWallet: dev(2) })
      .where(eq(bounties.id, Number(id)));
    const before = await chain.balanceOf(dev(2));
    const first = await admin.post("/bounties/complete", { bountyId: id, wallet: dev(2) });
    expect([first.statusCode, first.json().error]).toEqual([
      502,
      "The payment was not mined: another transaction of the class treasury took its place. Nothing was paid. Please try again.",
    ]);
    const [row] = await t.database.db
      .select()
      .from(bounties)
      .where(eq(bounties.id, Number(id)));
    expect(row).toMatchObject({ status: "active", rewardTxHash: null });
    const second = await admin.post("/bounties/complete", { bountyId: id, wallet: dev(2) });
    expect(second.statusCode, second.body).toBe(200);
    expect((await chain.balanceOf(dev(2))) - before).toBe(cc(4));
    const live = await t.database.db
      .select()
      .from(treasuryPayments)
      .where(and(eq(treasuryPayments.purpose, `bounty:${id}`), eq(treasuryPayments.status, "mined")));
    expect(live).toHaveLength(1);
  });
});
