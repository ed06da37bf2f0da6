import { inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { queryRows } from "../../db/raw-rows";
import { profiles, projects, tips, transactions } from "../../db/schema";
import { startTestChain, type TestChain } from "../../testing/chain";
import { createTestDatabase, testDatabaseKinds } from "../../testing/database";
import { startRpcGateway } from "../../testing/rpc-gateway";
import {
  aggregatesDrift,
  chainTransfers,
  dev,
  mintBatch,
  numberedAddress,
  sortedKeys,
  tableKeys,
  transfer,
  waitFor,
} from "../../testing/transfers";
import { createChainClient } from "../clients";
import { createIndexer, type IndexerOptions } from "./indexer";
import { readCheckpoint } from "./store";

let chain: TestChain;

beforeAll(async () => {
  chain = await startTestChain({ ownChain: true }); // reorgs by evm_snapshot/evm_revert: a chain of its own
  // 1,000+ Transfer logs, quickly: 9 mintBatch transactions of 100 mints each, then 110 plain transfers
  // among dev accounts (the first nine fund accounts 1–9).
  for (let b = 0; b < 9; b++) {
    await mintBatch(
      chain,
      Array.from({ length: 100 }, (_, i) => numberedAddress(b * 100 + i)),
      1 + b,
    );
  }
  for (let i = 1; i <= 9; i++) await transfer(chain, 0, dev(i), 1000);
  for (let i = 0; i < 100; i++) await transfer(chain, 1 + (i % 9), dev(((i * 7) % 9) + 1), 1 + (i % 5));
  expect((await chainTransfers(chain)).length).toBeGreaterThanOrEqual(1000);
}, 180_000);

afterAll(async () => {
  await chain?.stop();
});

function makeIndexer(database: Database, options: Partial<IndexerOptions> = {}, rpcUrl = chain.rpcUrl) {
  const config = {
    chain: "local" as const,
    chainId: 31337,
    chainName: "Anvil",
    rpcUrl,
    tokenAddress: chain.tokenAddress.toLowerCase() as `0x${string}`,
    confirmations: 0,
  };
  return createIndexer({ database, chain: createChainClient(config), config, pollIntervalMs: 20, ...options });
}

describe.each(testDatabaseKinds())("Transfer indexer on %s", (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
    await scratch?.close();
  });

  /** A second database, emptied for each test that needs to index from nothing. */
  let scratch: Database | undefined;
  async function emptyScratch(): Promise<Database> {
    if (!scratch) {
      scratch = await createTestDatabase(kind);
    }
    await scratch.db.execute(sql`DELETE FROM indexer_state WHERE key = 'transfers'`);
    await scratch.db.execute(sql`DELETE FROM transactions`);
    await scratch.db.execute(sql`DELETE FROM indexed_blocks`);
    return scratch;
  }

  it("holds every Transfer log of the chain exactly once after 1,000 transfers, across stops and restarts", async () => {
    // A first instance indexes a few small ranges, then is dropped (as if the process died).
    const first = makeIndexer(database, { initialRange: 3, maxRange: 3 });
    for (let i = 0; i < 4; i++) await first.indexOnce();
    const checkpoint = await readCheckpoint(database.db);
    expect(checkpoint?.block).toBeGreaterThan(0);
    const all = await chainTransfers(chain);
    const upTo = (block: number) => sortedKeys(all.filter((t) => t.blockNumber <= block));
    expect(await tableKeys(database.db)).toEqual(upTo(checkpoint?.block ?? -1));

    // A second one runs as the background loop and is stopped mid-way.
    const second = makeIndexer(database, { initialRange: 2, maxRange: 2 });
    second.start();
    await waitFor(async () => ((await readCheckpoint(database.db))?.block ?? 0) > (checkpoint?.block ?? 0) + 4);
    await second.stop();
    expect(second.running).toBe(false);
    const midway = await readCheckpoint(database.db);
    expect(await tableKeys(database.db)).toEqual(upTo(midway?.block ?? -1));

    // A third one finishes the job.
    await makeIndexer(database).catchUp();
    expect(await tableKeys(database.db)).toEqual(sortedKeys(all));
    expect(all.length).toBeGreaterThanOrEqual(1000);
    expect(await aggregatesDrift(database.db)).toEqual([]);

    const types = await queryRows<{ type: string; n: number }>(
      database.db,
      sql`SELECT type, count(*)::int AS n FROM transactions GROUP BY type ORDER BY type`,
    );
    const mints = all.filter((t) => t.from === "0x0000000000000000000000000000000000000000").length;
    expect(types).toEqual([
      { type: "mint", n: mints },
      { type: "transfer", n: all.length - mints },
    ]);
  });

  it("types tips as project_tip in either order, fills names from profiles and keeps the block time", async () => {
    const indexer = makeIndexer(database);
    await indexer.catchUp();
    await database.db
      .insert(profiles)
      .values([{ wallet: dev(3), name: "Ada", birthday: "2000-01-01", starSign: "Leo", photo: "ada.webp" }]);
    const [project] = await database.db
      .insert(projects)
      .values({ authorWallet: dev(4), projectNumber: 2, title: "Art", image: "art.webp" })
      .returning();
    if (!project) throw new Error("no project");

    // Tip recorded before the indexer sees the transfer.
    const early = await transfer(chain, 3, dev(4), 5);
    await database.db.insert(tips).values({
      projectId: project.id,
      fromWallet: dev(3),
      toWallet: dev(4),
      amount: 5,
      amountWei: "5000000000000000000",
      txHash: early,
      logIndex: 0,
    });
    // Tip recorded after: send-coin inserts the tip and reclassifies the indexed row in one transaction.
    const late = await transfer(chain, 3, dev(4), 7);
    await indexer.catchUp();
    await database.db.transaction(async (tx) => {
      await tx.insert(tips).values({
        projectId: project.id,
        fromWallet: dev(3),
        toWallet: dev(4),
        amount: 7,
        amountWei: "7000000000000000000",
        txHash: late,
        logIndex: 0,
      });
      await tx
        .update(transactions)
        .set({ type: "project_tip", description: "Tip for project #2" })
        .where(sql`${transactions.txHash} = ${late} AND ${transactions.logIndex} = 0`);
    });

    const rows = await database.db
      .select()
      .from(transactions)
      .where(inArray(transactions.txHash, [early, late]))
      .orderBy(transactions.id);
    expect(rows.map((r) => [r.type, r.description, r.amount, r.fromName, r.fromPhoto, r.toName])).toEqual([
      ["project_tip", "Tip for project #2", 5, "Ada", "ada.webp", null],
      ["project_tip", "Tip for project #2", 7, "Ada", "ada.webp", null],
    ]);
    const block = await chain.publicClient.getBlock({ blockNumber: BigInt(rows[0]?.blockNumber ?? 0) });
    expect(rows[0]?.timestamp.getTime()).toBe(Number(block.timestamp) * 1000);
    expect(rows[0]?.amountWei).toBe("5000000000000000000");
    expect(await aggregatesDrift(database.db)).toEqual([]);
  });

  it("undoes a reorg: rows of the dropped blocks go, the new chain's rows come, the table equals the chain", async () => {
    const indexer = makeIndexer(database);
    await indexer.catchUp();
    const snapshot = await chain.test.snapshot();
    const dropped = await mintBatch(chain, [numberedAddress(5000), numberedAddress(5001)], 3);
    await transfer(chain, 2, dev(5), 1);
    await indexer.catchUp();
    expect(await tableKeys(database.db)).toEqual(sortedKeys(await chainTransfers(chain)));
    const droppedRows = await database.db.select().from(transactions).where(sql`${transactions.txHash} = ${dropped}`);
    expect(droppedRows).toHaveLength(2);

    await chain.test.revert({ id: snapshot });
    // Different transactions on the same heights, and one block more.
    const replacement = await transfer(chain, 5, dev(6), 2);
    await mintBatch(chain, [numberedAddress(6000)], 4);
    await chain.test.mine({ blocks: 1 });

    await indexer.catchUp();
    expect(await tableKeys(database.db)).toEqual(sortedKeys(await chainTransfers(chain)));
    expect(await database.db.select().from(transactions).where(sql`${transactions.txHash} = ${dropped}`)).toEqual([]);
    expect(
      await database.db.select().from(transactions).where(sql`${transactions.txHash} = ${replacement}`),
    ).toHaveLength(1);
    expect(await aggregatesDrift(database.db)).toEqual([]);
  });

  it("re-indexes from scratch when none of its blocks is on the chain any more (a chain restarted anew)", async () => {
    const indexer = makeIndexer(database);
    await indexer.catchUp();
    // Every stored block as if from another chain: the same heights with other hashes and other rows.
    await database.db.execute(sql`UPDATE indexed_blocks SET hash = '0x' || repeat('ab', 32)`);
    await database.db.execute(sql`UPDATE transactions SET amount_wei = 1 WHERE block_number > 3`);
    expect(await indexer.indexOnce()).toBe("rolled-back");
    await indexer.catchUp();
    expect(await tableKeys(database.db)).toEqual(sortedKeys(await chainTransfers(chain)));
    expect(await aggregatesDrift(database.db)).toEqual([]);
  });

  it("splits a getLogs range the RPC refuses and still reads every log once", async () => {
    const gateway = await startRpcGateway(chain.rpcUrl, { maxLogRange: 24 });
    const other = await emptyScratch();
    try {
      await makeIndexer(other, { initialRange: 100, maxRange: 100 }, gateway.url).catchUp();
      expect(gateway.refusedCalls).toBeGreaterThan(0);
      expect(await tableKeys(other.db)).toEqual(sortedKeys(await chainTransfers(chain)));
      expect(await aggregatesDrift(other.db)).toEqual([]);
    } finally {
      await gateway.down();
    }
  });

  it("polls an idle chain with the block number alone, and reads each header of a new block once", async () => {
    const gateway = await startRpcGateway(chain.rpcUrl);
    const other = await emptyScratch();
    const indexer = makeIndexer(other, {}, gateway.url);
    const headerReads = () => gateway.calls.get("eth_getBlockByNumber") ?? 0;
    try {
      await indexer.catchUp();
      gateway.calls.clear();
      indexer.start();
      await waitFor(() => (gateway.calls.get("eth_blockNumber") ?? 0) >= 20, 10_000, "20 polls");
      // Before: each poll read the checkpoint's header too, between 12-second blocks on Sepolia (61 % of a
      // server's idle calls, bench/rpc-usage.ts).
      expect(headerReads()).toBe(0);

      const before = headerReads();
      await transfer(chain, 1, dev(2), 1);
      const end = Number(await chain.publicClient.getBlockNumber());
      await waitFor(async () => (await readCheckpoint(other.db))?.block === end, 10_000, "the new block indexed");
      await waitFor(() => (gateway.calls.get("eth_blockNumber") ?? 0) >= 40, 10_000, "20 more polls");
      // The checkpoint checked, `to` before the logs, then `to` and the checkpoint after them (before: 6, `to`
      // read twice after the logs and the checkpoint again on the next poll).
      expect(headerReads() - before).toBe(4);
      expect(gateway.calls.get("eth_getLogs")).toBe(1);
      expect(await tableKeys(other.db)).toEqual(sortedKeys(await chainTransfers(chain)));
    } finally {
      await indexer.stop();
      await gateway.down();
    }
  });

  it("survives an unreachable RPC: logs a clear error, retries, and catches up when it answers again", async () => {
    const gateway = await startRpcGateway(chain.rpcUrl, { startDown: true });
    const other = await emptyScratch();
    const lines: string[] = [];
    const log = {
      info: (m: string) => lines.push(m),
      warn: (m: string) => lines.push(m),
      error: (m: string) => lines.push(`ERROR ${m}`),
    };
    const indexer = makeIndexer(other, { log, minBackoffMs: 20, maxBackoffMs: 100 }, gateway.url);
    try {
      indexer.start();
      await waitFor(() => lines.filter((l) => l.startsWith("ERROR")).length >= 5, 20_000, "retries");
      expect(lines.find((l) => l.startsWith("ERROR"))).toMatch(
        new RegExp(`ERROR Indexer: cannot reach the chain RPC at ${gateway.url}.*retrying in 0\\.02 s`),
      );
      expect(lines.some((l) => /retrying in 0\.1 s/.test(l))).toBe(true);
      expect(indexer.running).toBe(true);

      await gateway.up();
      const expected = sortedKeys(await chainTransfers(chain));
      await waitFor(async () => (await tableKeys(other.db)).length === expected.length, 30_000, "catch-up");
      expect(await tableKeys(other.db)).toEqual(expected);
      expect(lines).toContain("Indexer: working again; catching up");
    } finally {
      await indexer.stop();
      await gateway.down();
    }
  });

  it.runIf(kind === "postgres")("lets only one instance write while another holds the indexer lock", async () => {
    const other = await emptyScratch();
    const indexer = makeIndexer(other);
    let release: () => void = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    let locked: () => void = () => {};
    const isLocked = new Promise<void>((r) => {
      locked = r;
    });
    const holder = other.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${0x6363_6978})`);
      locked();
      await held;
    });
    await isLocked;
    expect(await indexer.indexOnce()).toBe("busy");
    expect(await indexer.indexOnce()).toBe("busy");
    expect(await tableKeys(other.db)).toEqual([]);
    release();
    await holder;
    await indexer.catchUp();
    expect(await tableKeys(other.db)).toEqual(sortedKeys(await chainTransfers(chain)));
  });
});
