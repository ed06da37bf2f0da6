/**
 * A bounty whose completing request gave up before its reward was mined ("not mined yet"): the payment
 * settler (chain/payment-settler.ts, run by every server) settles the payment later and the bounty follows
 * it: completed for its student once mined, free again once the payment is dropped.
 */
import { and, eq, gt, max } from "drizzle-orm";
import { parseEther } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTreasuryPayments, type TreasuryPayments, treasuryPaymentsOf } from "../../chain/treasury-payments";
import { bounties, liveEvents, profiles, treasuryPayments } from "../../db/schema";
import { startAppPaymentSettler } from "../../payment-settling";
import { adminCalls } from "../../testing/admin";
import { createTestApp, type TestApp } from "../../testing/app";
import { signedBountyReward } from "../../testing/bounty-reward";
import { startTestChain, type TestChain } from "../../testing/chain";
import { failingBroadcast } from "../../testing/failing-broadcast";

let chain: TestChain;
let t: TestApp;
beforeAll(async () => {
  chain = await startTestChain({ ownChain: true }); // it stops automine: a chain of its own
  t = await createTestApp(chain, "pglite");
  await t.database.db
    .insert(profiles)
    .values({ wallet: chain.account(1).address.toLowerCase(), name: "Ada", birthday: "2010-01-01", starSign: "Leo" });
});
afterAll(async () => {
  await chain.test.setAutomine(true).catch(() => {});
  await t?.close();
  await chain?.stop();
});

/** A bounty whose completing request gave up: the reward signed, the bounty still active. */
async function completionThatGaveUp(payments: TreasuryPayments, title: string) {
  const student = chain.account(1).address.toLowerCase() as `0x${string}`;
  return { ...(await signedBountyReward(t.database.db, payments, title, student)), student };
}

const bountyRow = async (id: number) => (await t.database.db.select().from(bounties).where(eq(bounties.id, id)))[0];

/** One round of the server's settler (as it runs at start and then every minute): the bounties it announced. */
async function settlerRound() {
  const [last] = await t.database.db.select({ id: max(liveEvents.id) }).from(liveEvents);
  await startAppPaymentSettler(t.app, { everyMs: 3_600_000 }).stop();
  const announced = await t.database.db
    .select({ data: liveEvents.data })
    .from(liveEvents)
    .where(and(eq(liveEvents.type, "bounty.completed"), gt(liveEvents.id, last?.id ?? 0)));
  return announced.map(({ data }) => Number((data as { bountyId: string }).bountyId));
}

describe("bounty rewards settled after their request gave up", () => {
  it("a reward mined later completes the bounty for its student", async () => {
    await chain.test.setAutomine(false);
    let pending: Awaited<ReturnType<typeof completionThatGaveUp>>;
    try {
      pending = await completionThatGaveUp(treasuryPaymentsOf(t.app.deps), "Late reward");
      expect((await bountyRow(pending.id))?.status).toBe("active");
      // Before: "This bounty is completed and its reward was paid", with nothing paid yet.
      const cancel = await adminCalls(t.app).post("/bounties/cancel", { bountyId: String(pending.id) });
      expect([cancel.statusCode, cancel.json().error]).toEqual([
        409,
        `This bounty's reward ${pending.hash} was sent but is not mined yet, so it cannot be cancelled or reopened now. Complete it again for the same student to follow the payment, or wait a minute.`,
      ]);
      await chain.test.mine({ blocks: 1 });
    } finally {
      await chain.test.setAutomine(true);
    }
    // Before: nothing settled it; the bounty stayed active with its reward paid.
    expect(await settlerRound()).toEqual([pending.id]);
    expect(await bountyRow(pending.id)).toMatchObject({ status: "completed", completedBy: "Ada" });
    const [payment] = await t.database.db
      .select()
      .from(treasuryPayments)
      .where(eq(treasuryPayments.txHash, pending.hash));
    expect(payment?.status).toBe("mined");
    expect(await chain.balanceOf(pending.student)).toBe(parseEther("5"));
    expect(await settlerRound()).toEqual([]);
  });

  it("a reward that never made it is found dropped, and the bounty can be completed again", async () => {
    const client = t.app.deps.chain;
    const failing = failingBroadcast(client);
    const unlucky = createTreasuryPayments(t.config, failing, t.database);
    // Its broadcast refused: the payment is recorded, signed, and never sent.
    const lost = await completionThatGaveUp(unlucky, "Lost reward");
    const [row] = await t.database.db.select().from(bounties).where(eq(bounties.title, "Lost reward"));
    expect(row?.rewardTxHash).toBe(lost.hash);
    // Another payment takes that nonce (the next one the treasury sends).
    await treasuryPaymentsOf(t.app.deps).send((_tx, sign) =>
      sign({
        purpose: "settler-test:other",
        kind: "award",
        description: null,
        call: { kind: "native", to: chain.account(2).address, amountWei: 1n },
      }),
    );
    expect(await settlerRound()).toEqual([]);
    expect(await bountyRow(row!.id)).toMatchObject({ status: "active", rewardTxHash: null, completedByWallet: null });
  });
});
