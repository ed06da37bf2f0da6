/**
 * Crash soak: the indexer runs as its own process (`tsx apps/api/src/indexer.ts`, as `npm run indexer`
 * does) against PostgreSQL while 20,000 Transfer logs arrive, and is killed with SIGKILL at random moments,
 * 10 times. After a last clean run the transactions table equals the chain's Transfer logs: no gap, no
 * duplicate, and the trigger-kept explorer aggregates equal a recount.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { classCoinAbi } from "@classcoin/contracts";
import { sql } from "drizzle-orm";
import { parseUnits } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openPostgres } from "../apps/api/src/db/client";
import { queryRows } from "../apps/api/src/db/raw-rows";
import { startTestChain, type TestChain } from "../apps/api/src/testing/chain";
import { createThrowawayPostgres, type ThrowawayPostgres } from "../apps/api/src/testing/database";
import {
  aggregatesDrift,
  type ChainTransfer,
  numberedAddress,
  sortedKeys,
  tableKeys,
  waitFor,
} from "../apps/api/src/testing/transfers";

const repoRoot = resolve(fileURLToPath(import.meta.url), "../..");
const adminUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

const ROUNDS = 10;
const BATCHES_PER_ROUND = 2;
const RECIPIENTS_PER_BATCH = 1_000; // 10 × 2 × 1,000 = 20,000 Transfer logs

let chain: TestChain;
let database: Database;
let databaseUrl: string;
let throwaway: ThrowawayPostgres | undefined;

beforeAll(async () => {
  chain = await startTestChain();
  // The crash soak needs PostgreSQL (TEST_DATABASE_URL, or a local server).
  throwaway = await createThrowawayPostgres(adminUrl, "classcoin_stress");
  databaseUrl = throwaway.url;
  database = await openPostgres(databaseUrl, { poolSize: 2 });
});
afterAll(async () => {
  await database?.close();
  await chain?.stop();
  await throwaway?.drop();
});

function spawnIndexer(): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  const child = spawn(join(repoRoot, "node_modules/.bin/tsx"), ["apps/api/src/indexer.ts"], {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      RPC_URL: chain.rpcUrl,
      TOKEN_ADDRESS: chain.tokenAddress,
      CHAIN: "local",
      CONFIRMATIONS: "0",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (c: Buffer) => {
    output += c.toString();
  });
  child.stderr?.on("data", (c: Buffer) => {
    output += c.toString();
  });
  const exited = new Promise<number | null>((r) => child.once("exit", (code) => r(code)));
  return { child, output: () => output, exited };
}

/** Every Transfer log, read a few blocks at a time (one answer for all 20,000 would exceed viem's 10 MB). */
async function chainTransfersInRanges(): Promise<ChainTransfer[]> {
  const head = Number(await chain.publicClient.getBlockNumber());
  const all: ChainTransfer[] = [];
  for (let from = 0; from <= head; from += 10) {
    const events = await chain.publicClient.getContractEvents({
      address: chain.tokenAddress,
      abi: classCoinAbi,
      eventName: "Transfer",
      fromBlock: BigInt(from),
      toBlock: BigInt(Math.min(head, from + 9)),
      strict: true,
    });
    for (const e of events) {
      const txHash = e.transactionHash.toLowerCase();
      const sender = e.args.from.toLowerCase();
      const to = e.args.to.toLowerCase();
      all.push({
        key: `${txHash}:${e.logIndex}:${sender}:${to}:${e.args.value}`,
        txHash,
        logIndex: e.logIndex,
        blockNumber: Number(e.blockNumber),
        from: sender,
        to,
        value: e.args.value,
      });
    }
  }
  return all;
}

/**
 * One mintBatch of 1 CC to each of `to`, waiting for its receipt. On a crowded machine anvil has been seen
 * to leave an automined transaction pending; mining a block then (anvil's own RPC) keeps the soak about the
 * indexer rather than about anvil.
 */
async function mint(to: `0x${string}`[]): Promise<void> {
  const hash = await chain.wallet(0).writeContract({
    address: chain.tokenAddress,
    abi: classCoinAbi,
    functionName: "mintBatch",
    args: [to, parseUnits("1", 18)],
  });
  const deadline = Date.now() + 120_000;
  let nudgeAt = Date.now() + 15_000;
  for (;;) {
    const receipt = await chain.publicClient.getTransactionReceipt({ hash }).catch(() => null);
    if (receipt) return;
    if (Date.now() > deadline) throw new Error(`mintBatch ${hash} was not mined within 120 s`);
    if (Date.now() > nudgeAt) {
      await chain.test.mine({ blocks: 1 });
      nudgeAt = Date.now() + 15_000;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

const rowCount = async () =>
  Number((await queryRows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM transactions`))[0]?.n ?? 0);

describe("indexer SIGKILL soak", () => {
  it(`killed ${ROUNDS} times while 20,000 transfers arrive, it ends with exactly the chain's Transfer logs`, async () => {
    let next = 0;
    const killedAt: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const indexer = spawnIndexer();
      // Transfers keep arriving while the indexer starts and ingests.
      const minting = (async () => {
        for (let b = 0; b < BATCHES_PER_ROUND; b++) {
          const to = Array.from({ length: RECIPIENTS_PER_BATCH }, () => numberedAddress(next++));
          await mint(to);
        }
      })();
      const delay = 1_500 + Math.floor(Math.random() * 3_000);
      await new Promise((r) => setTimeout(r, delay));
      indexer.child.kill("SIGKILL");
      await indexer.exited;
      await minting;
      killedAt.push(await rowCount());
      expect(indexer.output()).not.toMatch(/TypeError|ReferenceError|unhandled/i);
    }
    const logs = await chainTransfersInRanges();
    expect(logs.length).toBeGreaterThanOrEqual(ROUNDS * BATCHES_PER_ROUND * RECIPIENTS_PER_BATCH);

    const last = spawnIndexer();
    try {
      await waitFor(async () => (await rowCount()) >= logs.length, 90_000, "the indexer to catch up");
      // One more poll interval: nothing beyond the chain's logs may appear.
      await new Promise((r) => setTimeout(r, 1_000));
    } finally {
      last.child.kill("SIGTERM");
      await last.exited;
    }
    const table = await tableKeys(database.db);
    const expected = sortedKeys(logs);
    expect(table.length).toBe(expected.length);
    expect(new Set(table).size).toBe(table.length);
    expect(table).toEqual(expected);
    expect(await aggregatesDrift(database.db)).toEqual([]);
    console.log(
      `indexer SIGKILL soak: ${ROUNDS} kills (rows indexed at each kill: ${killedAt.join(", ")}); ` +
        `${expected.length} Transfer logs compared with ${table.length} rows: equal`,
    );
  });
});
