/**
 * A load-balanced RPC provider answers each call from one of several nodes, a block or two apart: one counts
 * the treasury's nonce used by a payment just mined while another has no receipt for it yet. A payment
 * settled through such a provider must not be called dropped (which frees its purpose: a bounty paid again
 * would be paid twice) until its nonce has been used CONFIRMATIONS blocks deep.
 */
import { eq } from "drizzle-orm";
import { type Hash, type PublicClient, parseEther, TransactionReceiptNotFoundError } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bounties, treasuryPayments } from "../db/schema";
import { createTestApp, type TestApp } from "../testing/app";
import { signedBountyReward } from "../testing/bounty-reward";
import { startTestChain, type TestChain } from "../testing/chain";
import { createTreasuryPayments } from "./treasury-payments";

let chain: TestChain;
let t: TestApp;
beforeAll(async () => {
  chain = await startTestChain({ ownChain: true }); // counts blocks: none mined by other files meanwhile
  t = await createTestApp(chain, "pglite", { CONFIRMATIONS: "2" });
});
afterAll(async () => {
  await t?.close();
  await chain?.stop();
});

/** `client`, with a node that has not seen the receipts of `hidden` yet answering the receipt reads. */
function laggingReceipts(client: PublicClient, hidden: Set<string>): PublicClient {
  return {
    ...client,
    getTransactionReceipt: async (args: { hash: Hash }) => {
      if (hidden.has(args.hash)) throw new TransactionReceiptNotFoundError({ hash: args.hash });
      return client.getTransactionReceipt(args);
    },
  } as PublicClient;
}

const statusOf = async (hash: string) =>
  (await t.database.db.select().from(treasuryPayments).where(eq(treasuryPayments.txHash, hash)))[0]?.status;

describe("settling a payment through an RPC whose nodes lag each other", () => {
  it("a payment mined in the newest block is not dropped while a lagging node has no receipt for it", async () => {
    const student = chain.account(3).address.toLowerCase() as `0x${string}`;
    const before = await chain.balanceOf(student);
    const hidden = new Set<string>();
    const lagging = createTreasuryPayments(t.config, laggingReceipts(t.app.deps.chain, hidden), t.database);
    // Automine: the reward is mined in the newest block (anvil answers the broadcast a moment before that block
    // is served: a loaded CI run read the balance first).
    const reward = await signedBountyReward(t.database.db, lagging, "Lagging node", student);
    await t.app.deps.chain.waitForTransactionReceipt({ hash: reward.hash, pollingInterval: 50 });
    hidden.add(reward.hash);
    expect(await chain.balanceOf(student)).toBe(before + parseEther("5"));

    // Before: "dropped" after four receipt reads, and the bounty free to be paid again.
    expect(await lagging.settlePayment(reward.hash, { timeoutMs: 1_000 })).toEqual({
      status: "signed",
      hash: reward.hash,
    });
    expect(await statusOf(reward.hash)).toBe("signed");
    const [bounty] = await t.database.db.select().from(bounties).where(eq(bounties.id, reward.id));
    expect(bounty?.rewardTxHash).toBe(reward.hash);

    // The lagging node catches up.
    hidden.clear();
    expect(await lagging.settlePayment(reward.hash, { timeoutMs: 5_000 })).toEqual({
      status: "mined",
      hash: reward.hash,
    });
    expect(await chain.balanceOf(student)).toBe(before + parseEther("5"));
  });

  it("a payment whose nonce another transaction used CONFIRMATIONS blocks ago is dropped", async () => {
    const student = chain.account(4).address.toLowerCase() as `0x${string}`;
    const before = await chain.balanceOf(student);
    const failing = {
      ...t.app.deps.chain,
      sendRawTransaction: async () => {
        throw new Error("HTTP request failed: the node is down");
      },
    } as PublicClient;
    // Recorded, never sent (answered as sent: settling would send it again); then the treasury's next
    // transaction takes its nonce.
    const unsent = createTreasuryPayments(t.config, failing, t.database);
    await signedBountyReward(t.database.db, unsent, "Never sent", student);
    const [bounty] = await t.database.db.select().from(bounties).where(eq(bounties.title, "Never sent"));
    const [row] = await t.database.db
      .select()
      .from(treasuryPayments)
      .where(eq(treasuryPayments.purpose, `bounty:${bounty?.id}`));
    if (!row) throw new Error("no signed payment");
    await chain.fund(chain.account(5).address, 1); // from the treasury (account 0): nonce used
    const payments = createTreasuryPayments(t.config, t.app.deps.chain, t.database);
    // The nonce is used in the newest block only: not yet.
    expect((await payments.settlePayment(row.txHash, { timeoutMs: 500 })).status).toBe("signed");
    await chain.test.mine({ blocks: 2 });
    expect((await payments.settlePayment(row.txHash, { timeoutMs: 5_000 })).status).toBe("dropped");
    expect(await chain.balanceOf(student)).toBe(before);
  });
});
