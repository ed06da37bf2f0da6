/**
 * An award's hash before its block: the request waits for the mint to be mined (12 s or more on Sepolia), and
 * meanwhile the admin's page is told the transaction it waits for (`award.sent`, to the admin's streams only).
 */
import { addressedTo, type LiveEvent } from "@classcoin/shared/live-events";
import { parseGwei } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { treasuryPaymentsOf } from "../../chain/treasury-payments";
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

/** A student with a profile: dev account `account`. */
async function student(account: number, name: string): Promise<`0x${string}`> {
  const wallet = chain.account(account).address.toLowerCase() as `0x${string}`;
  await t.database.db.insert(profiles).values({ wallet, name, birthday: "2010-01-01", starSign: "Leo" });
  return wallet;
}

/** The award events published from now on, in order, until `stop()`. */
function watchAwards(): { published: LiveEvent[]; stop: () => void } {
  const published: LiveEvent[] = [];
  const stop = t.app.events.subscribe(({ event }) => {
    if (event.type === "award.sent" || event.type === "award") published.push(event);
  });
  return { published, stop };
}

describe("an award waiting for its block", () => {
  it("announces its transaction to the admin before it is mined; the answer is the same as ever", async () => {
    const ada = await student(1, "Ada");
    const { published, stop } = watchAwards();
    const awardId = "ef".repeat(16);
    await chain.test.setAutomine(false);
    let answered = false;
    try {
      const request = adminCalls(t.app)
        .post("/award", { wallet: ada, amount: 4, note: "Patience", awardId })
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
        award: { wallet: ada, name: "Ada", amount: 4, note: "Patience", txHash: sent.txHash },
      });
      // The student is told once it is mined, as before.
      expect(published.map((e) => e.type)).toEqual(["award.sent", "award"]);
    } finally {
      stop();
      await chain.test.setAutomine(true);
    }
  });

  it("re-signed with a higher fee while it waits (blocks filled up), it announces the copy's hash too", async () => {
    const bo = await student(2, "Bo");
    const { published, stop } = watchAwards();
    await chain.test.setNextBlockBaseFeePerGas({ baseFeePerGas: parseGwei("1") });
    await chain.test.mine({ blocks: 1 });
    await chain.test.setAutomine(false);
    try {
      const request = adminCalls(t.app).post("/award", {
        wallet: bo,
        amount: 2,
        note: "Spike",
        awardId: "ab".repeat(16),
      });
      for (let i = 0; i < 250 && published.length === 0; i++) await sleep(20);
      const first = published[0];
      if (first?.type !== "award.sent") throw new Error("no award.sent");
      // The base fee jumps past the award's fee cap; the settler signs a copy with a higher fee.
      await chain.test.setNextBlockBaseFeePerGas({ baseFeePerGas: parseGwei("20") });
      await chain.test.mine({ blocks: 1 });
      await treasuryPaymentsOf(t.app.deps).settleOpen();
      for (let i = 0; i < 250 && published.length < 2; i++) await sleep(20);
      const copy = published[1];
      // Before: the admin's page kept showing the first hash, a transaction the chain will never mine.
      if (copy?.type !== "award.sent") throw new Error(`no second award.sent: ${JSON.stringify(published)}`);
      expect(copy.txHash).not.toBe(first.txHash);
      expect(copy.awardId).toBe(first.awardId);

      await chain.test.mine({ blocks: 1 });
      const res = await request;
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().award.txHash).toBe(copy.txHash);
      expect(published.map((e) => e.type)).toEqual(["award.sent", "award.sent", "award"]);
    } finally {
      stop();
      await chain.test.setAutomine(true);
    }
  });
});
