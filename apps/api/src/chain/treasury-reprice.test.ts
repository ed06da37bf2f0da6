/**
 * A treasury payment priced out by a base fee that rose past its fee cap (a fee spike on Sepolia that lasts):
 * the payment settler signs it again at its nonce with a higher fee, the rows naming it follow the new hash,
 * and the chain mines exactly one of the two; if it mines the first after all, everything follows that one.
 */
import { eq } from "drizzle-orm";
import { formatEther, formatGwei, type Hex, type PublicClient, parseEther, parseGwei, parseTransaction } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { bounties, profiles, treasuryPayments } from "../db/schema";
import { createTestApp, type TestApp } from "../testing/app";
import { signedBountyReward } from "../testing/bounty-reward";
import { startTestChain, type TestChain } from "../testing/chain";
import { testDatabaseKinds } from "../testing/database";
import { failingBroadcast } from "../testing/failing-broadcast";
import { signedAuthorization } from "../testing/relay-authorization";
import { signIn } from "../testing/sign-in";
import { dev } from "../testing/transfers";
import { createTreasuryPayments, type TreasuryPayments, treasuryPaymentsOf } from "./treasury-payments";

let chain: TestChain;
/** The app of the database kind being tested (the locks across servers are PostgreSQL's). */
let t: TestApp;
beforeAll(async () => {
  chain = await startTestChain({ ownChain: true }); // it stops automine and sets the base fee: a chain of its own
});
afterAll(async () => {
  await chain.test.setAutomine(true).catch(() => {});
  await chain?.stop();
});
beforeEach(async () => {
  await chain.test.setAutomine(true);
  await chain.test.setNextBlockBaseFeePerGas({ baseFeePerGas: parseGwei("1") });
  await chain.test.mine({ blocks: 1 });
});

type PaymentRow = typeof treasuryPayments.$inferSelect;
const paymentRow = async (hash: string) =>
  (await t.database.db.select().from(treasuryPayments).where(eq(treasuryPayments.txHash, hash)))[0];
const bountyRow = async (id: number) => (await t.database.db.select().from(bounties).where(eq(bounties.id, id)))[0];
/** Every transaction of a bounty's reward: the one first signed and its copies. */
const rewardRows = (reward: { id: number }) =>
  t.database.db
    .select()
    .from(treasuryPayments)
    .where(eq(treasuryPayments.purpose, `bounty:${reward.id}`));
/** The reward's copies (transactions other than the first). */
const copiesOf = async (reward: { id: number; hash: string }) =>
  (await rewardRows(reward)).filter((row) => row.txHash !== reward.hash);

/** `client`, whose first call of `method` first runs `meanwhile` (what another server does in between). */
function onFirstCall(
  client: PublicClient,
  method: "getTransactionCount" | "getTransactionReceipt",
  meanwhile: () => Promise<void>,
): PublicClient {
  let pending: (() => Promise<void>) | undefined = meanwhile;
  const original = client[method] as (args: unknown) => Promise<unknown>;
  return {
    ...client,
    [method]: async (args: unknown) => {
      const run = pending;
      pending = undefined;
      await run?.();
      return original(args);
    },
  } as PublicClient;
}

/**
 * A bounty reward to dev account `account`, signed at a base fee of 1 gwei and not mined (mining stopped), as
 * `completeBounty` leaves it; with the student's CC before it.
 */
async function pendingReward(payments: TreasuryPayments, title: string, account: number) {
  const student = chain.account(account).address.toLowerCase() as `0x${string}`;
  const before = await chain.balanceOf(student);
  await chain.test.setAutomine(false);
  return { ...(await signedBountyReward(t.database.db, payments, title, student)), student, before };
}

const bountyIdTitled = async (title: string) =>
  (await t.database.db.select().from(bounties).where(eq(bounties.title, title)))[0]!.id;

/** Paid once, by `mined`: that transaction mined, every other one dropped, the bounty naming it, 5 CC more. */
async function expectPaidOnceBy(reward: Awaited<ReturnType<typeof pendingReward>>, mined: string) {
  const rows = await rewardRows(reward);
  expect(rows.map((row) => [row.txHash, row.status])).toEqual(
    rows.map((row) => [row.txHash, row.txHash === mined ? "mined" : "dropped"]),
  );
  expect((await bountyRow(reward.id))?.rewardTxHash).toBe(mined);
  expect(await chain.balanceOf(reward.student)).toBe(reward.before + parseEther("5"));
}

/** Blocks fill up: the base fee jumps to 20 gwei, past the payment's cap (3 × 1 gwei + tip), and stays above it. */
async function feeSpike() {
  await chain.test.setNextBlockBaseFeePerGas({ baseFeePerGas: parseGwei("20") });
  await chain.test.mine({ blocks: 1 });
}

describe.each(testDatabaseKinds())("a treasury payment priced out by the base fee, on %s", (kind) => {
  beforeAll(async () => {
    t = await createTestApp(chain, kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("is signed again with a higher fee by the settler, mined once, and the bounty follows the new hash", async () => {
    const payments = treasuryPaymentsOf(t.app.deps);
    const reward = await pendingReward(payments, "Priced out", 5);
    await feeSpike();
    expect(await t.app.deps.chain.getTransactionReceipt({ hash: reward.hash }).catch(() => null)).toBeNull();
    const cap = parseTransaction((await paymentRow(reward.hash))!.rawTx as Hex).maxFeePerGas!;

    // Before: settling only sent the same bytes again, which no block would take until the fee fell.
    const said: string[] = [];
    const log = { info: (m: string) => said.push(`info: ${m}`), warn: (m: string) => said.push(`warn: ${m}`) };
    expect(await payments.settleOpen({ log })).toEqual([]);
    const old = await paymentRow(reward.hash);
    expect(old?.status).toBe("replaced");
    const copies = await rewardRows(reward);
    const copy = copies.find((row) => row.txHash !== reward.hash)!;
    expect(copies).toHaveLength(2);
    expect([copy.status, copy.nonce, copy.kind, copy.description]).toEqual([
      "signed",
      old!.nonce,
      "bounty",
      old!.description,
    ]);
    const fees = parseTransaction(copy.rawTx as Hex);
    expect(fees.maxFeePerGas).toBeGreaterThanOrEqual(parseGwei("60")); // the headroom again, over 20 gwei
    expect(fees.maxFeePerGas).toBeGreaterThan(cap);
    expect((await bountyRow(reward.id))?.rewardTxHash).toBe(copy.txHash);
    // The instructor reading the server's log learns what happened (before: nothing).
    expect(said).toEqual([
      `info: Treasury payment ${reward.hash} (bounty:${reward.id}) was priced out by the base fee (20 gwei, its cap ${formatGwei(cap)} gwei): signed again at nonce ${copy.nonce} with a cap of ${formatGwei(fees.maxFeePerGas!)} gwei as ${copy.txHash}.`,
    ]);

    await chain.test.mine({ blocks: 1 });
    // Waiting on the first hash (a request that was already waiting) ends with the copy, mined.
    expect(await payments.settlePayment(reward.hash, { timeoutMs: 10_000 })).toEqual({
      status: "mined",
      hash: copy.txHash,
    });
    await expectPaidOnceBy(reward, copy.txHash);
    // The server's follow-up completes the bounty with the hash that was mined.
    await payments.settleOpen();
    const { settleBountyRewards } = await import("../features/bounties/settle-rewards");
    await settleBountyRewards(t.database.db);
    const bounty = await bountyRow(reward.id);
    expect([bounty?.status, bounty?.rewardTxHash]).toEqual(["completed", copy.txHash]);
  });

  it("a payment within its cap is left as it is", async () => {
    const payments = treasuryPaymentsOf(t.app.deps);
    const reward = await pendingReward(payments, "Within its cap", 6);
    await chain.test.setNextBlockBaseFeePerGas({ baseFeePerGas: parseGwei("2") });
    await chain.test.setAutomine(true);
    expect((await paymentRow(reward.hash))?.status).toBe("signed");
    await payments.settleOpen();
    expect((await rewardRows(reward)).map((row) => row.txHash)).toEqual([reward.hash]);
  });

  it("with little ETH, the copy's fee cap is what the treasury's balance buys, and with less nothing is re-signed", async () => {
    const payments = treasuryPaymentsOf(t.app.deps);
    const treasury = payments.address;
    const full = await t.app.deps.chain.getBalance({ address: treasury });
    const reward = await pendingReward(payments, "Little ETH", 8);
    const gas = parseTransaction((await paymentRow(reward.hash))!.rawTx as Hex).gas!;
    await feeSpike();
    try {
      // Less than the gas at 20 gwei plus the tip: a copy the node would refuse is not signed.
      await chain.test.setBalance({ address: treasury, value: gas * parseGwei("18") });
      const said: string[] = [];
      await payments.settleOpen({ log: { info: (m) => said.push(m), warn: (m) => said.push(`warn: ${m}`) } });
      expect(await copiesOf(reward)).toEqual([]);
      // The treasury's balance as it is (the rehearsal's first version printed what was left after others).
      expect(said).toEqual([
        `warn: Treasury payment ${reward.hash} (bounty:${reward.id}) is priced out by the base fee (20 gwei, its cap ${formatGwei(parseTransaction((await paymentRow(reward.hash))!.rawTx as Hex).maxFeePerGas!)} gwei) and the treasury ${privateKeyToAccount(t.config.treasuryPrivateKey).address} has too little ETH (${formatEther(gas * parseGwei("18"))} ETH) to sign it again above it: it waits until the fee falls, or send the treasury some ETH.`,
      ]);
      expect((await paymentRow(reward.hash))?.status).toBe("signed");
      // Said once per balance, not every minute until the fee falls (before: every round, for every payment).
      await payments.settleOpen({ log: { info: (m) => said.push(m), warn: (m) => said.push(`warn: ${m}`) } });
      expect(said).toHaveLength(1);
      await chain.test.setBalance({ address: treasury, value: gas * parseGwei("19") });
      await payments.settleOpen({ log: { info: (m) => said.push(m), warn: (m) => said.push(`warn: ${m}`) } });
      expect(said).toHaveLength(2);
      expect(said[1]).toContain(`has too little ETH (${formatEther(gas * parseGwei("19"))} ETH)`);
      // Enough for 40 gwei, not for the headroom's 60: the cap is what the balance buys.
      await chain.test.setBalance({ address: treasury, value: gas * parseGwei("40") });
      await payments.settleOpen();
      const [copy] = await copiesOf(reward);
      expect(parseTransaction(copy!.rawTx as Hex).maxFeePerGas).toBe(parseGwei("40"));
      await chain.test.mine({ blocks: 1 });
      expect((await payments.settlePayment(reward.hash, { timeoutMs: 10_000 })).status).toBe("mined");
    } finally {
      await chain.test.setBalance({ address: treasury, value: full });
    }
  });

  it("two payments priced out and ETH for one copy: the first is re-signed, the log names the balance as it is", async () => {
    const payments = treasuryPaymentsOf(t.app.deps);
    const treasury = payments.address;
    const full = await t.app.deps.chain.getBalance({ address: treasury });
    const first = await pendingReward(payments, "ETH for one, A", 8);
    const second = await pendingReward(payments, "ETH for one, B", 8);
    const gas = parseTransaction((await paymentRow(first.hash))!.rawTx as Hex).gas!;
    await feeSpike();
    try {
      const balance = gas * parseGwei("40");
      await chain.test.setBalance({ address: treasury, value: balance });
      const said: string[] = [];
      await payments.settleOpen({ log: { info: (m) => said.push(m), warn: (m) => said.push(`warn: ${m}`) } });
      const [copy] = await copiesOf(first);
      expect(await copiesOf(second)).toEqual([]);
      // Before: "too little ETH (0.000000000000…)", what was left after the first copy, as if the treasury were empty.
      const copyCost = gas * parseTransaction(copy!.rawTx as Hex).maxFeePerGas!;
      expect(said[1]).toContain(
        `has too little ETH (${formatEther(balance)} ETH, of which ${formatEther(copyCost)} covers its other payments waiting to be mined)`,
      );
      await chain.test.setBalance({ address: treasury, value: full });
      await chain.test.mine({ blocks: 1 });
      await payments.settleOpen();
      await chain.test.mine({ blocks: 1 });
      for (const reward of [first, second]) {
        expect((await payments.settlePayment(reward.hash, { timeoutMs: 10_000 })).status).toBe("mined");
      }
    } finally {
      await chain.test.setBalance({ address: treasury, value: full });
    }
  });

  it("a later payment within its cap counts against a copy's budget, as a node counts every pending transaction", async () => {
    const payments = treasuryPaymentsOf(t.app.deps);
    const treasury = payments.address;
    const full = await t.app.deps.chain.getBalance({ address: treasury });
    const stuck = await pendingReward(payments, "Budget, priced out", 8);
    await feeSpike();
    // Signed during the spike (a cap of 3 × 20 gwei + tip): within its cap, and behind the stuck one's nonce.
    const later = await pendingReward(payments, "Budget, within its cap", 9);
    const costAtCap = async (hash: string) => {
      const signed = parseTransaction((await paymentRow(hash))!.rawTx as Hex);
      return signed.gas! * signed.maxFeePerGas!;
    };
    const gas = parseTransaction((await paymentRow(stuck.hash))!.rawTx as Hex).gas!;
    try {
      // Enough for a copy at 40 gwei alone, not with the later payment's cost beside it.
      const balance = gas * parseGwei("40") + (await costAtCap(later.hash)) / 2n;
      await chain.test.setBalance({ address: treasury, value: balance });
      const said: string[] = [];
      await payments.settleOpen({ log: { info: (m) => said.push(m), warn: (m) => said.push(`warn: ${m}`) } });
      // Before: a copy at 40 gwei and more, which a geth pool refuses ("overdraft"), while the log said it was signed.
      expect(await copiesOf(stuck)).toEqual([]);
      expect(said).toHaveLength(1);
      expect(said[0]).toContain(
        `has too little ETH (${formatEther(balance)} ETH, of which ${formatEther(await costAtCap(later.hash))} covers its other payments waiting to be mined)`,
      );
      // With ETH for both, it is re-signed within what is left beside the later one, and both are mined.
      const enough = gas * parseGwei("45") + (await costAtCap(later.hash));
      await chain.test.setBalance({ address: treasury, value: enough });
      await payments.settleOpen();
      const [copy] = await copiesOf(stuck);
      expect(
        gas * parseTransaction(copy!.rawTx as Hex).maxFeePerGas! + (await costAtCap(later.hash)),
      ).toBeLessThanOrEqual(enough);
      await chain.test.mine({ blocks: 1 });
      expect((await payments.settlePayment(stuck.hash, { timeoutMs: 10_000 })).status).toBe("mined");
      expect((await payments.settlePayment(later.hash, { timeoutMs: 10_000 })).status).toBe("mined");
    } finally {
      await chain.test.setBalance({ address: treasury, value: full });
    }
  });

  it("a payment recorded and still being broadcast is not re-signed under its request", async () => {
    const client = t.app.deps.chain;
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let broadcasting: () => void = () => {};
    const started = new Promise<void>((resolve) => {
      broadcasting = resolve;
    });
    // A slow RPC: the broadcast waits while the fee spikes and the settler runs.
    const slow = {
      ...client,
      sendRawTransaction: async (args: Parameters<PublicClient["sendRawTransaction"]>[0]) => {
        broadcasting();
        await held;
        return client.sendRawTransaction(args);
      },
    } as PublicClient;
    const sender = createTreasuryPayments(t.config, slow, t.database);
    await chain.test.setAutomine(false);
    const student = chain.account(7).address.toLowerCase() as `0x${string}`;
    const sending = signedBountyReward(t.database.db, sender, "Broadcast under way", student).catch(
      (error: unknown) => error,
    );
    await started;
    const [recorded] = await t.database.db
      .select()
      .from(treasuryPayments)
      .where(eq(treasuryPayments.purpose, `bounty:${await bountyIdTitled("Broadcast under way")}`));
    await feeSpike();
    const settling = sender.settleOpen();
    await new Promise((resolve) => setTimeout(resolve, 500));
    // Before: signed again while its request was still sending it (on geth that broadcast is then refused as
    // underpriced, and the request answers "not sent" for a payment on its way).
    expect((await paymentRow(recorded!.txHash))?.status).toBe("signed");
    expect(await rewardRows({ id: await bountyIdTitled("Broadcast under way") })).toHaveLength(1);
    release();
    // anvil refuses bytes under the block's base fee outright (geth keeps them waiting), so here the request
    // fails either way; the settler then signs it again, once.
    await sending;
    await settling;
    await chain.test.mine({ blocks: 1 });
    const settled = await sender.settlePayment(recorded!.txHash, { timeoutMs: 10_000 });
    expect(settled.status).toBe("mined");
    expect(await rewardRows({ id: await bountyIdTitled("Broadcast under way") })).toHaveLength(2);
  });

  it("a copy the treasury's ETH no longer covers does not hold the payment: the first bytes go once the fee falls", async () => {
    const payments = treasuryPaymentsOf(t.app.deps);
    const treasury = payments.address;
    const full = await t.app.deps.chain.getBalance({ address: treasury });
    const reward = await pendingReward(payments, "Copy unaffordable", 3);
    const gas = parseTransaction((await paymentRow(reward.hash))!.rawTx as Hex).gas!;
    await feeSpike();
    try {
      // The copy is priced at what the balance buys (40 gwei)…
      await chain.test.setBalance({ address: treasury, value: gas * parseGwei("40") });
      await payments.settleOpen();
      const [copy] = (await copiesOf(reward)) as [PaymentRow];
      // …then the treasury pays for other things, and the fee falls back to 1 gwei: the copy is out of reach
      // (gas at its cap is more than the treasury has), the first bytes (cap 4 gwei) are not.
      await chain.test.setBalance({ address: treasury, value: gas * parseGwei("10") });
      await chain.test.dropTransaction({ hash: copy.txHash as Hex });
      await chain.test.setNextBlockBaseFeePerGas({ baseFeePerGas: parseGwei("1") });
      await chain.test.mine({ blocks: 1 });
      // Before: only the copy was sent again (refused), and the payment waited for a top-up. (The settler of
      // another server, which has not sent these bytes lately: this one would not send them again at once.)
      await createTreasuryPayments(t.config, t.app.deps.chain, t.database).settleOpen();
      await chain.test.mine({ blocks: 1 });
      expect(await payments.settlePayment(copy.txHash, { timeoutMs: 10_000 })).toEqual({
        status: "mined",
        hash: reward.hash,
      });
      await expectPaidOnceBy(reward, reward.hash);
    } finally {
      await chain.test.setBalance({ address: treasury, value: full });
    }
  });

  it("settling a payment just sent waits for it without sending its bytes again at once; one not sent here goes out at once", async () => {
    let broadcasts = 0;
    const node = t.app.deps.chain;
    const counting = {
      ...node,
      sendRawTransaction: (args: Parameters<PublicClient["sendRawTransaction"]>[0]) => {
        broadcasts++;
        return node.sendRawTransaction(args);
      },
    } as PublicClient;
    const payments = createTreasuryPayments(t.config, counting, t.database);
    const reward = await pendingReward(payments, "Just sent", 4);
    expect(broadcasts).toBe(1);
    // Before: the first look sent the same bytes again (one more call per payment, metered by the provider).
    expect(await payments.settle(reward.hash, { timeoutMs: 300 })).toBe("signed");
    expect(broadcasts).toBe(1);
    // A server that did not send it (another instance, or this one restarted after a crash between recording
    // and sending): its bytes go out at once. Before: it waited 15 s from the payment's signing, whoever sent it.
    const other = createTreasuryPayments(t.config, counting, t.database);
    expect(await other.settle(reward.hash, { timeoutMs: 300 })).toBe("signed");
    expect(broadcasts).toBe(2);
    await chain.test.mine({ blocks: 1 });
    expect(await payments.settle(reward.hash, { timeoutMs: 10_000 })).toBe("mined");
  });

  it("a payment no node holds does not take its nonce back from a newer payment that took it", async () => {
    const payments = treasuryPaymentsOf(t.app.deps);
    // Signed while the base fee was 10 gwei (its cap ~30 gwei), then evicted from the node's pool.
    await chain.test.setNextBlockBaseFeePerGas({ baseFeePerGas: parseGwei("10") });
    await chain.test.mine({ blocks: 1 });
    const evicted = await pendingReward(payments, "Evicted reward", 8);
    await chain.test.dropTransaction({ hash: evicted.hash });
    // The fee falls; the next payment takes the nonce the node counts as next: the evicted one's.
    await chain.test.setNextBlockBaseFeePerGas({ baseFeePerGas: parseGwei("1") });
    await chain.test.mine({ blocks: 1 });
    await new Promise((resolve) => setTimeout(resolve, 1_100)); // past the local nonce memory (1 s)
    const newer = await pendingReward(payments, "Newer reward", 9);
    const [evictedRow, newerRow] = [await paymentRow(evicted.hash), await paymentRow(newer.hash)];
    expect(newerRow?.nonce).toBe(evictedRow?.nonce);
    // The settler comes by (another server's, which has not sent these bytes lately). Before: it broadcast the evicted
    // bytes again, whose higher fee replaced the newer payment in the pool; the newer one was then dropped
    // and its request told "failed on chain".
    await createTreasuryPayments(t.config, t.app.deps.chain, t.database).settleOpen();
    await chain.test.mine({ blocks: 1 });
    expect(await payments.settle(newer.hash, { timeoutMs: 10_000 })).toBe("mined");
    expect(await payments.settle(evicted.hash, { timeoutMs: 10_000 })).toBe("dropped");
    expect(await chain.balanceOf(newer.student)).toBe(newer.before + parseEther("5"));
    expect(await chain.balanceOf(evicted.student)).toBe(evicted.before);
  });

  it("if the chain mines the first one after all, it is the payment and the copy is dropped", async () => {
    const payments = treasuryPaymentsOf(t.app.deps);
    const reward = await pendingReward(payments, "First one mined", 7);
    await feeSpike();
    // The copy is signed and recorded but never reaches the node (its RPC refused the broadcast).
    const unlucky = createTreasuryPayments(t.config, failingBroadcast(t.app.deps.chain), t.database);
    await unlucky.settleOpen();
    const [copy] = (await copiesOf(reward)) as [PaymentRow];
    expect((await bountyRow(reward.id))?.rewardTxHash).toBe(copy.txHash);

    // The fee falls and the first bytes, still in another node's pool (anvil evicts a transaction priced out,
    // many nodes keep it), reach a block.
    await chain.test.setNextBlockBaseFeePerGas({ baseFeePerGas: parseGwei("1") });
    await chain.test.mine({ blocks: 1 });
    const first = (await paymentRow(reward.hash))!.rawTx as Hex;
    await t.app.deps.chain.sendRawTransaction({ serializedTransaction: first });
    await chain.test.mine({ blocks: 1 });
    expect((await t.app.deps.chain.getTransactionReceipt({ hash: reward.hash })).status).toBe("success");

    expect(await unlucky.settlePayment(copy.txHash, { timeoutMs: 10_000 })).toEqual({
      status: "mined",
      hash: reward.hash,
    });
    await expectPaidOnceBy(reward, reward.hash);
  });

  it("a request waiting on the first hash while another server re-signs it, and the copy is mined, is told it was paid", async () => {
    const payments = treasuryPaymentsOf(t.app.deps);
    const reward = await pendingReward(payments, "Waiting request", 9);
    await feeSpike();
    // The waiting request has read the payment's rows ([the first hash]); before it reads the nonce, the other
    // server's settler re-signs the payment and a block mines the copy.
    const client = t.app.deps.chain;
    const hooked = onFirstCall(client, "getTransactionCount", async () => {
      await createTreasuryPayments(t.config, client, t.database).settleOpen();
      await chain.test.mine({ blocks: 1 });
    });
    const waiting = createTreasuryPayments(t.config, hooked, t.database);
    const settled = await waiting.settlePayment(reward.hash, { timeoutMs: 10_000 });
    // Before: "dropped" (nothing paid, try again) for a reward the student had received.
    expect(settled.status).toBe("mined");
    expect(settled.hash).not.toBe(reward.hash);
    await expectPaidOnceBy(reward, settled.hash);
  });

  it("the first hash mined while a waiting request still knew only it: the copy is dropped, not a second live row", async () => {
    const payments = treasuryPaymentsOf(t.app.deps);
    const reward = await pendingReward(payments, "Mined first", 4);
    await feeSpike();
    const client = t.app.deps.chain;
    // Before the waiting request's first receipt read: another server re-signs (its copy never reaches the
    // node), then the fee falls and the first bytes are mined.
    const hooked = onFirstCall(client, "getTransactionReceipt", async () => {
      await createTreasuryPayments(t.config, failingBroadcast(client), t.database).settleOpen();
      await chain.test.setNextBlockBaseFeePerGas({ baseFeePerGas: parseGwei("1") });
      await chain.test.mine({ blocks: 1 });
      const first = (await paymentRow(reward.hash))!.rawTx as Hex;
      await client.sendRawTransaction({ serializedTransaction: first });
      await chain.test.mine({ blocks: 1 });
    });
    const waiting = createTreasuryPayments(t.config, hooked, t.database);
    // Before: "duplicate key value violates unique constraint treasury_payments_live_purpose_key" (a 500).
    expect(await waiting.settlePayment(reward.hash, { timeoutMs: 10_000 })).toEqual({
      status: "mined",
      hash: reward.hash,
    });
    expect(await rewardRows(reward)).toHaveLength(2);
    await expectPaidOnceBy(reward, reward.hash);
  });

  it("a gasless transfer re-signed with a higher fee is one of the student's daily transfers, not two", async () => {
    const limited = await createTestApp(chain, kind, { RELAY_DAILY_LIMIT: "2" });
    try {
      const key = generatePrivateKey();
      const wallet = privateKeyToAccount(key).address.toLowerCase() as `0x${string}`;
      await chain.fund(wallet, 10);
      await limited.database.db
        .insert(profiles)
        .values({ wallet, name: "Fee Spike", birthday: "2010-01-01", starSign: "Leo" });
      const cookie = await signIn(limited, key);
      const relay = async () =>
        limited.app.inject({
          method: "POST",
          url: "/api/relay/transfer",
          payload: await signedAuthorization({
            from: wallet,
            key,
            chainId: limited.config.chainId,
            token: chain.tokenAddress,
          }),
          headers: { cookie },
        });
      const before = await chain.balanceOf(dev(2));
      await chain.test.setAutomine(false);
      const first = await relay();
      expect(first.statusCode, first.body).toBe(200);
      const firstHash = (first.json() as { txHash: string }).txHash;
      const standing = async (hash: string) =>
        (await limited.app.inject({ method: "GET", url: `/api/relay/transfers/${hash}` })).json();
      expect(await standing(firstHash)).toEqual({ status: "signed", txHash: firstHash });
      await feeSpike();
      await treasuryPaymentsOf(limited.app.deps).settleOpen();
      const rows = await limited.database.db.select().from(treasuryPayments).where(eq(treasuryPayments.kind, "relay"));
      expect(rows.map((row) => row.status).sort()).toEqual(["replaced", "signed"]);
      // A page that knows only the first hash (reloaded while it waited) learns the copy's.
      const copy = rows.find((row) => row.status === "signed")!.txHash;
      expect(await standing(firstHash.toUpperCase().replace("0X", "0x"))).toEqual({ status: "signed", txHash: copy });
      // Before: 429 "You have used today's 2 gasless transfers" after one.
      const second = await relay();
      expect(second.statusCode, second.body).toBe(200);
      await chain.test.mine({ blocks: 1 });
      await treasuryPaymentsOf(limited.app.deps).settleOpen();
      expect(await standing(firstHash)).toEqual({ status: "mined", txHash: copy });
      expect(await chain.balanceOf(dev(2))).toBe(before + parseEther("4"));
      const third = await relay();
      expect(third.statusCode).toBe(429);
    } finally {
      await chain.test.setAutomine(true);
      await limited.close();
    }
  });
});
