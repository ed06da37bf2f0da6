/**
 * Indexer catch-up on two chains side by side: a dense one (mintBatch from the owner to many new addresses,
 * a thousand Transfer events per transaction, plus some plain transfers) and a sparse one (one transfer
 * per block, as a real class on Sepolia looks). On each, the real indexer reads the events into a fresh
 * PostgreSQL database and a fresh PGlite one, alternating with raw eth_getLogs reads of the same blocks (the
 * limit it can reach), each asking for about as many logs per call as the indexer does (TARGET_LOGS).
 *
 * After each catch-up, the database's floor for storing those rows is measured in it: the same rows copied
 * server-side (INSERT … SELECT, no parsing, no round trips) back into `transactions` in 5,000-row statements, with
 * its indexes and its triggers (aggregates, streams, holders, live events: what an indexer's write must
 * do), into a copy with its indexes and no triggers, and into one with neither. No indexer can store the
 * rows faster than the first, so `floorRatio` (that rate over the raw getLogs rate) bounds what `ratio` can
 * reach on this machine.
 */

import { performance } from "node:perf_hooks";
import { createIndexer } from "@classcoin/api/chain/indexer/indexer";
import type { Database, DatabaseKind } from "@classcoin/api/db/client";
import { startTestChain, type TestChain } from "@classcoin/api/testing/chain";
import { dev } from "@classcoin/api/testing/transfers";
import { classCoinAbi } from "@classcoin/contracts";
import { sql } from "drizzle-orm";
import { encodeFunctionData, parseGwei, parseUnits } from "viem";
import { createBenchDatabase } from "./lib/bench-app";
import { median } from "./lib/load";
import type { Sizes } from "./sizes";

const PER_MINT = 1000;
const TRANSFERS = 50;
/** Logs per raw eth_getLogs call: what the indexer aims for once a range is dense (indexer.ts TARGET_LOGS). */
const RAW_LOGS_PER_CALL = 5000;
/** Rows per statement of the database floor's copy back into `transactions` (the same TARGET_LOGS). */
const FLOOR_BATCH = 5000;

export interface IndexerRun {
  seconds: number;
  eventsPerSecond: number;
  /**
   * The time per event this process's main thread was busy (its event loop not waiting), while it ran: for
   * the raw read, parsing the JSON; for the indexer, all it does in JavaScript (and, on PGlite, the database
   * too). The indexer's wall time per event can be no less. Absent in results from before it was measured.
   */
  busyMicrosPerEvent?: number;
}

/** Runs `work`, timing it and the main thread's busy time over it (event-loop utilization). */
async function measured<T>(work: () => Promise<T>): Promise<{ result: T; seconds: number; busyMicros: number }> {
  const before = performance.eventLoopUtilization();
  const t = performance.now();
  const result = await work();
  const seconds = (performance.now() - t) / 1000;
  return { result, seconds, busyMicros: performance.eventLoopUtilization(before).active * 1000 };
}

/** Seconds to copy the indexed rows server-side into `transactions` (indexes and triggers), into a table with
 * its indexes only, and into one with neither. */
export interface StoreFloor {
  /** Absent in results from before it was measured. */
  triggeredSeconds?: number;
  indexedSeconds: number;
  bareSeconds: number;
  /** Rows per second into `transactions` with its triggers: the most any indexer could store on this database. */
  eventsPerSecond: number;
}

export interface DatabaseIndexerResult extends IndexerRun {
  runs: (IndexerRun & { rows: number; floor: StoreFloor })[];
  rows: number;
  floor: StoreFloor;
  /** Indexer events/s over raw getLogs events/s. */
  ratio: number;
  /** Floor events/s over raw getLogs events/s: the highest `ratio` this database allows here. */
  floorRatio: number;
}

export interface ChainIndexerResult {
  /** `dense`: 1,000 events per block; `sparse`: one event per block. */
  shape: "dense" | "sparse";
  events: number;
  blocks: number;
  makeSeconds: number;
  rawGetLogs: IndexerRun & { blocksPerCall: number; runs: IndexerRun[] };
  /** On PostgreSQL (`ratio` is its). */
  indexer: DatabaseIndexerResult;
  pglite?: DatabaseIndexerResult;
  ratio: number;
}

export interface IndexerResult {
  dense: ChainIndexerResult;
  sparse: ChainIndexerResult;
}

/** `pglite: false` (`--pg-only`) indexes into PostgreSQL only. */
export async function benchIndexer(
  sizes: Sizes,
  log: (line: string) => void,
  options: { pglite?: boolean } = {},
): Promise<IndexerResult> {
  const kinds: DatabaseKind[] = options.pglite === false ? ["postgres"] : ["postgres", "pglite"];
  const sparse = await benchChain("sparse", sizes, log, kinds);
  const dense = await benchChain("dense", sizes, log, kinds);
  return { dense, sparse };
}

/** Dense: mintBatch transactions of PER_MINT recipients, then TRANSFERS plain transfers. */
async function makeDense(chain: TestChain, events: number): Promise<number> {
  const mints = Math.ceil((events - TRANSFERS) / PER_MINT);
  const owner = chain.wallet(0);
  // Nonces handed out here, receipts awaited at the end: anvil mines each transaction as it arrives.
  let nonce = await chain.publicClient.getTransactionCount({ address: owner.account.address });
  const hashes: `0x${string}`[] = [];
  for (let m = 0; m < mints; m++) {
    const to = Array.from(
      { length: PER_MINT },
      (_, i) => `0x${(0xbe0c0000000 + m * PER_MINT + i).toString(16).padStart(40, "0")}` as `0x${string}`,
    );
    hashes.push(
      await owner.writeContract({
        address: chain.tokenAddress,
        abi: classCoinAbi,
        functionName: "mintBatch",
        args: [to, parseUnits("1", 18)],
        nonce: nonce++,
        gas: 29_000_000n,
        // Full blocks raise the base fee ~8 % per block; fees priced when sent would leave later mints
        // stuck in the pool once the sends outrun the mining (a busy machine).
        maxFeePerGas: parseGwei("10000"),
        maxPriorityFeePerGas: 0n,
      }),
    );
  }
  for (const hash of hashes) {
    // A generous timeout: on a busy machine anvil takes seconds per 1,000-mint block.
    const receipt = await chain.publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20, timeout: 600_000 });
    if (receipt.status !== "success") throw new Error(`mintBatch ${hash} failed`);
  }
  // Plain transfers from the owner (an anvil dev account: the node signs), one receipt awaited at the end.
  let last: `0x${string}` | undefined;
  for (let i = 0; i < TRANSFERS; i++) {
    const data = encodeFunctionData({
      abi: classCoinAbi,
      functionName: "transfer",
      args: [dev(1 + (i % 9)), 10n ** 18n],
    });
    last = await rpc(chain.rpcUrl, "eth_sendTransaction", [
      { from: owner.account.address, to: chain.tokenAddress, gas: "0x20000", data },
    ]);
  }
  if (last) await chain.publicClient.waitForTransactionReceipt({ hash: last, pollingInterval: 20, timeout: 600_000 });
  return mints * PER_MINT + TRANSFERS;
}

/**
 * Sparse: one transfer per block. Automine is switched off and each transaction mined on its own
 * (`evm_mine`): with automine, anvil puts transactions that arrive while it mines into one block.
 */
async function makeSparse(chain: TestChain, events: number): Promise<number> {
  const owner = chain.account(0).address; // an anvil dev account: the node signs for it
  await rpc(chain.rpcUrl, "evm_setAutomine", [false]);
  for (let i = 0; i < events; i++) {
    const to = `0x${(0x5ba5e000000 + i).toString(16).padStart(40, "0")}` as `0x${string}`;
    const data = encodeFunctionData({ abi: classCoinAbi, functionName: "transfer", args: [to, 1n] });
    await rpc(chain.rpcUrl, "eth_sendTransaction", [{ from: owner, to: chain.tokenAddress, gas: "0x20000", data }]);
    await rpc(chain.rpcUrl, "evm_mine", []);
  }
  await rpc(chain.rpcUrl, "evm_setAutomine", [true]);
  return events;
}

async function rpc<T = unknown>(url: string, method: string, params: unknown[]): Promise<T> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  const body = (await res.json()) as { result?: T; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result as T;
}

async function benchChain(
  shape: "dense" | "sparse",
  sizes: Sizes,
  log: (line: string) => void,
  kinds: DatabaseKind[],
): Promise<ChainIndexerResult> {
  const chain = await startTestChain();
  try {
    const t0 = performance.now();
    const made =
      shape === "dense"
        ? await makeDense(chain, sizes.indexerEvents)
        : await makeSparse(chain, sizes.indexerSparseEvents);
    const head = Number(await chain.publicClient.getBlockNumber({ cacheTime: 0 }));
    const makeSeconds = (performance.now() - t0) / 1000;
    const blocksPerCall = Math.max(1, Math.round((RAW_LOGS_PER_CALL * head) / made));
    // Every Transfer of the token (the ones made above and the deployment's mint); also a warm-up.
    const events = (await rawRead(chain, head, blocksPerCall)).logs;
    log(
      `  ${shape}: ${events.toLocaleString("en")} Transfer events in ${head} blocks, made in ${makeSeconds.toFixed(1)} s`,
    );

    const indexOnce = async (kind: DatabaseKind): Promise<IndexerRun & { rows: number; floor: StoreFloor }> => {
      const database = await createBenchDatabase(kind);
      try {
        const indexer = createIndexer({
          database,
          chain: chain.publicClient,
          config: { tokenAddress: chain.tokenAddress, confirmations: 0, chain: "local", rpcUrl: chain.rpcUrl },
        });
        const { seconds, busyMicros } = await measured(() => indexer.catchUp());
        const n = await count(database, "transactions");
        return {
          seconds,
          eventsPerSecond: n / seconds,
          busyMicrosPerEvent: busyMicros / n,
          rows: n,
          floor: await storeFloor(database, n),
        };
      } finally {
        await database.close();
      }
    };
    const raws: IndexerRun[] = [];
    const runs = new Map<DatabaseKind, (IndexerRun & { rows: number; floor: StoreFloor })[]>(kinds.map((k) => [k, []]));
    const rounds = sizes.quick ? 1 : shape === "dense" ? 2 : 3;
    for (let r = 0; r < rounds; r++) {
      raws.push(await rawRead(chain, head, blocksPerCall));
      const last = raws.at(-1);
      const line = [
        `raw getLogs ${last?.eventsPerSecond.toFixed(0)} events/s (main thread busy ${last?.busyMicrosPerEvent?.toFixed(1)} µs/event)`,
      ];
      for (const kind of kinds) {
        const run = await indexOnce(kind);
        runs.get(kind)?.push(run);
        line.push(
          `${kind} ${run.eventsPerSecond.toFixed(0)} events/s (${run.rows} rows in ${run.seconds.toFixed(2)} s; main thread busy ${run.busyMicrosPerEvent?.toFixed(1)} µs/event; floor ${run.floor.eventsPerSecond.toFixed(0)}/s)`,
        );
      }
      log(`  ${shape} round ${r + 1}: ${line.join(", ")}`);
    }
    const raw = {
      seconds: median(raws.map((r) => r.seconds)),
      eventsPerSecond: median(raws.map((r) => r.eventsPerSecond)),
      busyMicrosPerEvent: median(raws.map((r) => r.busyMicrosPerEvent ?? 0)),
    };
    const summary = (kind: DatabaseKind): DatabaseIndexerResult => {
      const all = runs.get(kind) ?? [];
      const eventsPerSecond = median(all.map((r) => r.eventsPerSecond));
      const floor = {
        triggeredSeconds: median(all.map((r) => r.floor.triggeredSeconds ?? 0)),
        indexedSeconds: median(all.map((r) => r.floor.indexedSeconds)),
        bareSeconds: median(all.map((r) => r.floor.bareSeconds)),
        eventsPerSecond: median(all.map((r) => r.floor.eventsPerSecond)),
      };
      return {
        seconds: median(all.map((r) => r.seconds)),
        eventsPerSecond,
        busyMicrosPerEvent: median(all.map((r) => r.busyMicrosPerEvent ?? 0)),
        runs: all,
        rows: all[0]?.rows ?? 0,
        floor,
        ratio: eventsPerSecond / raw.eventsPerSecond,
        floorRatio: floor.eventsPerSecond / raw.eventsPerSecond,
      };
    };
    const postgres = summary("postgres");
    return {
      shape,
      events,
      blocks: head,
      makeSeconds,
      rawGetLogs: { ...raw, blocksPerCall, runs: raws },
      indexer: postgres,
      pglite: kinds.includes("pglite") ? summary("pglite") : undefined,
      ratio: postgres.ratio,
    };
  } finally {
    await chain.stop();
  }
}

async function count(database: Database, table: string): Promise<number> {
  const result = (await database.db.execute(sql.raw(`SELECT count(*)::int AS n FROM ${table}`))) as unknown as {
    rows: { n: number }[];
  };
  return Number(result.rows[0]?.n ?? 0);
}

/**
 * The database's cost of storing the indexed rows, without the indexer: copied in one statement on the server
 * (no parsing, no round trips, no triggers) into a table with transactions' indexes, and into one with none.
 */
async function storeFloor(database: Database, rows: number): Promise<StoreFloor> {
  const { db } = database;
  await db.execute(sql`CREATE TABLE floor_indexed (LIKE transactions INCLUDING DEFAULTS INCLUDING INDEXES)`);
  await db.execute(sql`CREATE TABLE floor_bare (LIKE transactions INCLUDING DEFAULTS)`);
  const timed = async (table: string) => {
    const t = performance.now();
    await db.execute(sql.raw(`INSERT INTO ${table} SELECT * FROM transactions ORDER BY id`));
    return (performance.now() - t) / 1000;
  };
  const indexedSeconds = await timed("floor_indexed");
  const bareSeconds = await timed("floor_bare");
  if ((await count(database, "floor_indexed")) !== rows) throw new Error("floor: rows missing");
  // The rows back into `transactions` itself (emptied; TRUNCATE's trigger empties the aggregates), with the
  // positions they have, as the indexer writes them. (The database is dropped afterwards: holders, which
  // TRUNCATE leaves, count the rows twice.)
  // In statements of FLOOR_BATCH rows, the size of the indexer's dense batches, in one transaction: one
  // statement of 100,000 rows is slower per row (its triggers' sorts spill to disk).
  await db.execute(sql`TRUNCATE transactions`);
  const [range] = (
    (await db.execute(sql`SELECT min(id)::bigint AS lo, max(id)::bigint AS hi FROM floor_indexed`)) as unknown as {
      rows: { lo: string | number; hi: string | number }[];
    }
  ).rows;
  const t = performance.now();
  await db.transaction(async (tx) => {
    for (let lo = Number(range?.lo ?? 0); lo <= Number(range?.hi ?? -1); lo += FLOOR_BATCH) {
      await tx.execute(sql`INSERT INTO transactions OVERRIDING SYSTEM VALUE
        SELECT * FROM floor_indexed WHERE id >= ${lo} AND id < ${lo + FLOOR_BATCH} ORDER BY id`);
    }
  });
  const triggeredSeconds = (performance.now() - t) / 1000;
  if ((await count(database, "transactions")) !== rows) throw new Error("floor: rows missing");
  return { triggeredSeconds, indexedSeconds, bareSeconds, eventsPerSecond: rows / triggeredSeconds };
}

/** Every Transfer log of the token in blocks 0..head, `blocksPerCall` blocks per eth_getLogs, JSON parsed. */
async function rawRead(chain: TestChain, head: number, blocksPerCall: number): Promise<IndexerRun & { logs: number }> {
  const {
    result: n,
    seconds,
    busyMicros,
  } = await measured(async () => {
    let logs = 0;
    for (let from = 0; from <= head; from += blocksPerCall) {
      const answer = await rpc<unknown[]>(chain.rpcUrl, "eth_getLogs", [
        {
          address: chain.tokenAddress,
          fromBlock: `0x${from.toString(16)}`,
          toBlock: `0x${Math.min(head, from + blocksPerCall - 1).toString(16)}`,
        },
      ]);
      logs += answer.length;
    }
    return logs;
  });
  return { seconds, eventsPerSecond: n / seconds, busyMicrosPerEvent: busyMicros / n, logs: n };
}
