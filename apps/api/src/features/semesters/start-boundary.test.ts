/**
 * "Start new semester" right after the term's last payment: the indexer is behind the chain (CONFIRMATIONS
 * blocks on Sepolia), and the line between the semesters was drawn where it stood, so the payment went to
 * the new semester's explorer instead of the archive. Now the start waits for the indexer to reach the block
 * that was the chain's newest when the admin asked.
 */
import type { ExplorerPage } from "@classcoin/shared/entities";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createIndexer } from "../../chain/indexer/indexer";
import { adminCalls } from "../../testing/admin";
import { settlesWithin } from "../../testing/another-instance";
import { createTestApp, type TestApp } from "../../testing/app";
import { startTestChain, type TestChain } from "../../testing/chain";
import { dev, transfer } from "../../testing/transfers";

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

describe("the line between two semesters' explorers", () => {
  it("a payment mined just before 'Start new semester' is in the term's archive, not the next semester", async () => {
    const indexer = createIndexer({ database: t.database, chain: t.app.deps.chain, config: t.config });
    await indexer.catchUp();
    const admin = adminCalls(t.app);
    const archived = await admin.post("/semesters/archive", { name: "Fall 2026" });
    expect(archived.statusCode, archived.body).toBe(200);
    // The term's last payment, mined and not indexed yet.
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
    const page = (
      await t.app.inject({ method: "GET", url: `/api/archives/${archiveId}/transactions?limit=100` })
    ).json();
    expect((page as ExplorerPage).transactions.map((row) => row.txHash)).toContain(last);
  });
});
