/**
 * "Deploy ClassCoin" with two instances on one database, on machines whose clocks differ: a run another
 * instance is working on (its heartbeat just beaten) is never taken for one left by a stopped server.
 */
import { DEPLOY_AMOUNT_PER_PROFILE } from "@classcoin/shared/constants";
import { eq } from "drizzle-orm";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { deployRuns, profiles } from "../../../db/schema";
import { adminCalls } from "../../../testing/admin";
import { createTestApp } from "../../../testing/app";
import { startTestChain, type TestChain } from "../../../testing/chain";

let chain: TestChain;
beforeAll(async () => {
  chain = await startTestChain();
});
afterAll(async () => {
  await chain?.stop();
});

describe("a deploy run on two instances", () => {
  it.runIf(process.env.TEST_DATABASE_URL)(
    "an instance whose clock runs ahead does not take another instance's live run for a stopped one",
    async () => {
      const t = await createTestApp(chain, "postgres");
      try {
        const { db } = t.database;
        const student = privateKeyToAccount(generatePrivateKey()).address.toLowerCase() as `0x${string}`;
        await db.insert(profiles).values({ wallet: student, name: "S", birthday: "2010-01-01", starSign: "Leo" });
        // Another instance is working on this run and has just beaten its heartbeat.
        const [live] = await db
          .insert(deployRuns)
          .values({
            signatureHash: "other-instance",
            status: "running",
            amountPerProfile: DEPLOY_AMOUNT_PER_PROFILE,
            recipients: 1,
            recipientWallets: [student],
            chunkSize: 200,
          })
          .returning();
        // This instance's machine clock is 2 minutes ahead of the other's (and of the database's).
        vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true });
        vi.setSystemTime(Date.now() + 120_000);
        const res = await adminCalls(t.app).post("/deploy-classcoin", { confirmed: true });
        vi.useRealTimers();
        // Before: the live run was marked `interrupted` and a second run minted to every profile again.
        expect([res.statusCode, res.json().error]).toEqual([
          409,
          "A ClassCoin deploy is already running. Wait for it to finish, then check the balances before deploying again.",
        ]);
        const [after] = await db.select().from(deployRuns).where(eq(deployRuns.id, live!.id));
        expect(after?.status).toBe("running");
        expect(await chain.balanceOf(student)).toBe(0n);
      } finally {
        vi.useRealTimers();
        await t.close();
      }
    },
  );
});
