/**
 * Treasury payments on a chain whose base fee rises after they are signed, as on Sepolia when blocks fill
 * up, and a payment signed again after its first broadcast failed (the same call at the same nonce).
 */
import { messages } from "@classcoin/shared/messages";
import { eq } from "drizzle-orm";
import { parseEther, parseGwei } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { treasuryPayments } from "../db/schema";
import { createTestApp, type TestApp } from "../testing/app";
import { startTestChain, type TestChain } from "../testing/chain";
import { failingBroadcast } from "../testing/failing-broadcast";
import { sendError } from "./payment-outcome";
import { createTreasuryPayments, type PaymentOrder, TreasuryOutOfGas, treasuryPaymentsOf } from "./treasury-payments";

let chain: TestChain;
let t: TestApp;
beforeAll(async () => {
  chain = await startTestChain({ ownChain: true }); // it stops automine and sets the base fee: a chain of its own
  t = await createTestApp(chain, "pglite");
});
afterAll(async () => {
  await chain.test.setAutomine(true).catch(() => {});
  await t?.close();
  await chain?.stop();
});

const order = (purpose: string, to: `0x${string}`): PaymentOrder => ({
  purpose,
  kind: "award",
  description: null,
  call: { kind: "native", to, amountWei: parseEther("0.001") },
});

describe("treasury payment fees", () => {
  it("a payment signed before the base fee more than doubles is still mined", async () => {
    const payments = treasuryPaymentsOf(t.app.deps);
    const client = t.app.deps.chain;
    await chain.test.setNextBlockBaseFeePerGas({ baseFeePerGas: parseGwei("10") });
    await chain.test.mine({ blocks: 1 });
    await chain.test.setAutomine(false);
    try {
      const hash = await payments.send((_tx, sign) => sign(order("fees:spike", chain.account(1).address)));
      // Blocks fill up: the base fee goes from 10 to 25 gwei before the payment is mined.
      await chain.test.setNextBlockBaseFeePerGas({ baseFeePerGas: parseGwei("25") });
      await chain.test.mine({ blocks: 1 });
      // Before: signed with viem's cap (1.2 × 10 gwei + tip), it stayed out of every block from here on.
      const receipt = await client.getTransactionReceipt({ hash });
      expect(receipt.status).toBe("success");
      expect(receipt.effectiveGasPrice).toBeGreaterThanOrEqual(parseGwei("25"));
    } finally {
      await chain.test.setAutomine(true);
    }
  });

  it("the same payment signed again after its broadcast failed is a transaction of its own, not 'purpose taken'", async () => {
    const payments = treasuryPaymentsOf(t.app.deps);
    const mint = (purpose: string): PaymentOrder => ({
      purpose,
      kind: "award",
      description: null,
      call: { kind: "mint", to: [chain.account(2).address], amountWei: parseEther("3") },
    });
    // The RPC fails the broadcast: the payment is recorded, signed, and never sent (answered as sent: settling
    // sends it again).
    const client = t.app.deps.chain;
    const failing = failingBroadcast(client);
    const unlucky = createTreasuryPayments(t.config, failing, t.database);
    await unlucky.send((_tx, sign) => sign(mint("fees:first")));
    const [first] = await t.database.db
      .select()
      .from(treasuryPayments)
      .where(eq(treasuryPayments.purpose, "fees:first"));
    expect(first?.status).toBe("signed");

    // The admin sends it again (another signature, so another purpose): the same call at the same nonce.
    // Before: the same bytes, so the same hash, refused as "a treasury payment ... is already recorded".
    const second = await payments.send((_tx, sign) => sign(mint("fees:second")));
    expect(second).not.toBe(first?.txHash);
    expect(await payments.settle(second, { timeoutMs: 10_000 })).toBe("mined");
    expect(await chain.balanceOf(chain.account(2).address)).toBe(parseEther("3"));
    expect(await payments.settle(first!.txHash, { timeoutMs: 10_000 })).toBe("dropped");
  });

  it("a payment the node evicted does not hold back the next ones: the next payment takes its nonce", async () => {
    const payments = treasuryPaymentsOf(t.app.deps);
    const client = t.app.deps.chain;
    await chain.test.setAutomine(false);
    let evicted: `0x${string}`;
    try {
      evicted = await payments.send((_tx, sign) => sign(order("fees:evicted", chain.account(3).address)));
      // The node drops it from its pool (as one does for a fee priced out); no block has it.
      await chain.test.dropTransaction({ hash: evicted });
    } finally {
      await chain.test.setAutomine(true);
    }
    await new Promise((resolve) => setTimeout(resolve, 1_100)); // past the local chain's nonce memory
    // Before: the next payment took the nonce after the evicted one and waited behind the gap for good.
    const next = await payments.send((_tx, sign) => sign(order("fees:next", chain.account(4).address)));
    expect(await payments.settle(next, { timeoutMs: 5_000 })).toBe("mined");
    const [a, b] = await Promise.all([
      t.database.db.select().from(treasuryPayments).where(eq(treasuryPayments.txHash, evicted)),
      client.getTransaction({ hash: next }),
    ]);
    expect(b.nonce).toBe(a[0]?.nonce);
    expect(await payments.settle(evicted, { timeoutMs: 5_000 })).toBe("dropped");
  });

  it("a call too big for a block is not taken for a treasury out of gas; one the balance cannot pay is", async () => {
    const payments = treasuryPaymentsOf(t.app.deps);
    const many = Array.from(
      { length: 1_500 },
      (_, i) => `0x${(0xfee00000 + i).toString(16).padStart(40, "0")}` as const,
    );
    const mint: PaymentOrder = {
      purpose: "fees:too-big",
      kind: "deploy",
      description: null,
      call: { kind: "mint", to: many, amountWei: 1n },
    };
    const tooBig = await payments.send((_tx, sign) => sign(mint)).catch((error: unknown) => error);
    // Before: "the class treasury has too little ETH", with thousands of ETH (the node's "gas required exceeds
    // allowance" says the same of a call over the block's gas).
    expect(tooBig).toBeInstanceOf(Error);
    expect(tooBig).not.toBeInstanceOf(TreasuryOutOfGas);

    const treasury = chain.account(0).address;
    const before = await t.app.deps.chain.getBalance({ address: treasury });
    await chain.test.setBalance({ address: treasury, value: 1_000n });
    try {
      const poor = await payments
        .send((_tx, sign) => sign(order("fees:poor", chain.account(5).address)))
        .catch((error: unknown) => error);
      // Refused when broadcast: recorded, and sent again once the treasury has the ETH (once).
      expect(poor).toBeInstanceOf(TreasuryOutOfGas);
      expect((poor as TreasuryOutOfGas).queued).toBe(true);
      const [hash] = (poor as TreasuryOutOfGas).hashes;
      expect(sendError(poor)).toMatchObject({
        statusCode: 503,
        message: messages.treasury.treasuryOutOfGasQueued(
          messages.treasury.treasuryOutOfGasCause(treasury, "0.000000000000001"),
          hash!,
        ),
      });
      await chain.test.setBalance({ address: treasury, value: before });
      // Settled by another server, which has not tried these bytes lately: this one waits 15 s before it tries
      // the bytes it tried itself again (a metered call for nothing while the treasury is still unfunded).
      const other = createTreasuryPayments(t.config, t.app.deps.chain, t.database);
      expect(await other.settle(hash!, { timeoutMs: 20_000 })).toBe("mined");
    } finally {
      await chain.test.setBalance({ address: treasury, value: before });
    }
  });
});
