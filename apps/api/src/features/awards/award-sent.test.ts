/**
 * An award's hash before its block: the request waits for the mint to be mined (12 s or more on Sepolia), and
 * meanwhile the admin's page is told the transaction it waits for (`award.sent`, to the admin's streams only).
 */
import { addressedTo, type LiveEvent } from "@classcoin/shared/live-events";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { profiles } from "../../db/schema";
import { ADMIN_WALLET, adminCalls } from "../../testing/admin";
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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("an award waiting for its block", () => {
  it("announces its transaction to the admin before it is mined; the answer is the same as ever", async () => {
    const student = chain.account(1).address.toLowerCase() as `0x${string}`;
    await t.database.db
      .insert(profiles)
      .values({ wallet: student, name: "Ada", birthday: "2010-01-01", starSign: "Leo" });
    const published: LiveEvent[] = [];
    const stop = t.app.events.subscribe(({ event }) => {
      if (event.type === "award.sent" || event.type === "award") published.push(event);
    });
    const awardId = "ef".repeat(16);
    await chain.test.setAutomine(false);
    let answered = false;
    try {
      const request = adminCalls(t.app)
        .post("/award", { wallet: student, amount: 4, note: "Patience", awardId })
        .finally(() => {
          answered = true;
        });
      for (let i = 0; i < 250 && published.length === 0; i++) await sleep(20);
      // Before: nothing until the block, and then only the answer.
      const [sent] = published;
      expect(sent).toMatchObject({ type: "award.sent", adminWallet: ADMIN_WALLET.toLowerCase(), awardId });
      if (sent?.type !== "award.sent") throw new Error("no award.sent");
      expect(addressedTo(sent)).toBe(ADMIN_WALLET.toLowerCase());
      expect(answered).toBe(false);
      const pending = await chain.publicClient.getTransaction({ hash: sent.txHash as `0x${string}` });
      expect(pending.blockNumber).toBeNull();

      await chain.test.mine({ blocks: 1 });
      const res = await request;
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        message: "Awarded 4 CC to Ada",
        award: { wallet: student, name: "Ada", amount: 4, note: "Patience", txHash: sent.txHash },
      });
      // The student is told once it is mined, as before.
      expect(published.map((e) => e.type)).toEqual(["award.sent", "award"]);
    } finally {
      stop();
      await chain.test.setAutomine(true);
    }
  });
});
