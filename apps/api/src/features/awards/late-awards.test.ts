/**
 * An award whose request stopped waiting before it was mined: the payment settler finds it mined later and
 * its student is notified then, once (the request announced nothing).
 */
import { eq } from "drizzle-orm";
import { parseEther } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { treasuryPaymentsOf } from "../../chain/treasury-payments";
import { notifications, profiles } from "../../db/schema";
import { startAppPaymentSettler } from "../../payment-settling";
import { createTestApp, type TestApp } from "../../testing/app";
import { startTestChain, type TestChain } from "../../testing/chain";

let chain: TestChain;
let t: TestApp;
beforeAll(async () => {
  chain = await startTestChain({ ownChain: true }); // it stops automine: a chain of its own
  t = await createTestApp(chain, "pglite");
});
afterAll(async () => {
  await chain.test.setAutomine(true).catch(() => {});
  await t?.close();
  await chain?.stop();
});

/** One round of the server's settler, as it runs at start and then every minute. */
async function settlerRound() {
  await startAppPaymentSettler(t.app, { everyMs: 3_600_000 }).stop();
}

describe("awards mined after their request gave up", () => {
  it("the student is notified once the settler finds the payment mined", async () => {
    const student = chain.account(1).address.toLowerCase() as `0x${string}`;
    await t.database.db
      .insert(profiles)
      .values({ wallet: student, name: "Ada", birthday: "2010-01-01", starSign: "Leo" });
    const mine = () => t.database.db.select().from(notifications).where(eq(notifications.wallet, student));
    await chain.test.setAutomine(false);
    try {
      await treasuryPaymentsOf(t.app.deps).send((_tx, sign) =>
        sign({
          purpose: "award:late-test",
          kind: "award",
          description: "Best poster",
          call: { kind: "mint", to: [student], amountWei: parseEther("7") },
        }),
      );
      await chain.test.mine({ blocks: 1 });
    } finally {
      await chain.test.setAutomine(true);
    }
    expect(await mine()).toEqual([]);
    await settlerRound();
    // Before: the award was paid and nobody told the student.
    expect((await mine()).map((n) => n.text)).toEqual(['The instructor awarded you 7 CC: "Best poster".']);
    await settlerRound();
    expect(await mine()).toHaveLength(1);
  });
});
