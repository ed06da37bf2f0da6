/**
 * "Start new semester" right after the term's last payment: the indexer is behind the chain (CONFIRMATIONS
 * blocks on Sepolia), and the line between the semesters was drawn where it stood, so the payment went to
 * the new semester's explorer instead of the archive. Now the start waits for the indexer to reach the block
 * that was the chain's newest when the admin asked: whichever instance indexes, and not on a chain that
 * makes no blocks (where it cannot get there).
 */
import type { ExplorerPage } from "@classcoin/shared/entities";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createIndexer } from "../../chain/indexer/indexer";
import { INDEXER_LEADER_LOCK } from "../../chain/indexer/leader";
import { adminCalls } from "../../testing/admin";
import { openTransactionOfAnotherInstance, settlesWithin } from "../../testing/another-instance";
import { createTestApp, type TestApp } from "../../testing/app";
import { startTestChain, type TestChain } from "../../testing/chain";
import { testDatabaseKinds } from "../../testing/database";
import { dev, transfer } from "../../testing/transfers";
import { waitForExplorerToReachHead } from "./explorer-boundary";

let chain: TestChain;
let t: TestApp;
beforeAll(async () => {
  chain = await startTestChain();
  // An indexer runs in this deployment (the test runs its steps by hand).
  t = await createTestApp(chain, "pglite", { INDEXER: "true" });
});
afterAll(async () => {
  await t?.close();
  await chain?.stop();
});

/** The term's last payment, then "Start new semester" while the indexer has not written its block yet. */
async function lastPaymentThenStart(app: TestApp) {
  const indexer = createIndexer({ database: app.database, chain: app.app.deps.chain, config: app.config });
  await indexer.catchUp();
  const admin = adminCalls(app.app);
  const archived = await admin.post("/semesters/archive", { name: "Fall 2026" });
  expect(archived.statusCode, archived.body).toBe(200);
  const last = await transfer(chain, 0, dev(1), 7);
  const block = Number((await chain.publicClient.getTransactionReceipt({ hash: last })).blockNumber);

  const starting = admin.post("/semesters/start", { clearWhitelist: false });
  // Before: started at once, the new semester beginning at or below the payment's block.
  expect(await settlesWithin(starting, 700)).toBe(false);
  await indexer.catchUp();
  const started = await starting;
  expect(started.statusCode, started.body).toBe(200);
  expect(started.json().semester.startBlock).toBeGreaterThan(block);

  const archiveId = archived.json().archive._id as string;
  const page = await app.app.inject({ method: "GET", url: `/api/archives/${archiveId}/transactions?limit=100` });
  expect((page.json() as ExplorerPage).transactions.map((row) => row.txHash)).toContain(last);
}

describe("the line between two semesters' explorers", () => {
  it("a payment mined just before 'Start new semester' is in the term's archive, not the next semester", async () => {
    await lastPaymentThenStart(t);
  });

  it.runIf(testDatabaseKinds().includes("postgres"))(
    "also when the request reaches an instance that does not index (another one holds the indexer's lock)",
    async () => {
      const web = await createTestApp(chain, "postgres", { INDEXER: "false" });
      // The indexing instance, as the election leaves it: holding the leader's lock.
      const leader = await openTransactionOfAnotherInstance(web.database.db, async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(${INDEXER_LEADER_LOCK})`);
      });
      try {
        await lastPaymentThenStart(web);
      } finally {
        leader.release();
        await leader.done;
        await web.close();
      }
    },
  );
});

describe("on a chain that makes no blocks", () => {
  it("does not wait for blocks the indexer cannot reach (CONFIRMATIONS behind a chain that stands still)", async () => {
    const still = await startTestChain({ ownChain: true });
    const app = await createTestApp(still, "pglite", { INDEXER: "true", CONFIRMATIONS: "2" });
    try {
      await createIndexer({ database: app.database, chain: app.app.deps.chain, config: app.config }).catchUp();
      const started = performance.now();
      expect(await waitForExplorerToReachHead(app.app.deps, { quietMs: 500, pollMs: 50 })).toBe(false);
      // Not the 90 s it would otherwise wait for every start.
      expect(performance.now() - started).toBeLessThan(5_000);
    } finally {
      await app.close();
      await still.stop();
    }
  });
});
