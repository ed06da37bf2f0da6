/**
 * Indexer catch-up on two chains side by side: a dense one (mintBatch from the owner to many new addresses,
 * a thousand Transfer events per transaction, plus some plain transfers) and a sparse one (one transfer
 * per block, as a real class on Sepolia looks). On each, the real indexer reads the events into a fresh
 * PostgreSQL database, alternating with raw eth_getLogs reads of the same blocks (the limit it can reach),
 * each asking for about as many logs per call as the indexer does (TARGET_LOGS).
 */

import { createIndexer } from "@classcoin/api/chain/indexer/indexer";
import { startTestChain, type TestChain } from "@classcoin/api/testing/chain";
import { dev } from "@classcoin/api/testing/transfers";
import { classCoinAbi } from "@classcoin/contracts";
import { encodeFunctionData, parseGwei, parseUnits } from "viem";
import { createBenchDatabase } from "./lib/bench-app";
import { median } from "./lib/load";
import type { Sizes } from "./sizes";

const PER_MINT = 1000;
const TRANSFERS = 50;
/** Logs per raw eth_getLogs call: what the indexer aims for once a range is dense (indexer.ts TARGET_LOGS). */
const RAW_LOGS_PER_CALL = 5000;

export interface IndexerRun {
  seconds: number;
  eventsPerSecond: number;
}

export interface ChainIndexerResult {
  /** `dense`: 1,000 events per block; `sparse`: one event per block. */
  shape: "dense" | "sparse";
  events: number;
  blocks: number;
  makeSeconds: number;
  rawGetLogs: IndexerRun & { blocksPerCall: number; runs: IndexerRun[] };
  indexer: IndexerRun & { runs: IndexerRun[]; rows: number };
  ratio: number;
}

export interface IndexerResult {
  dense: ChainIndexerResult;
  sparse: ChainIndexerResult;
}

export async function benchIndexer(sizes: Sizes, log: (line: string) => void): Promise<IndexerResult> {
  const sparse = await benchChain("sparse", sizes, log);
  const dense = await benchChain("dense", sizes, log);
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

    const indexOnce = async (): Promise<IndexerRun & { rows: number }> => {
      const database = await createBenchDatabase("postgres");
      try {
        const indexer = createIndexer({
          database,
          chain: chain.publicClient,
          config: { tokenAddress: chain.tokenAddress, confirmations: 0, chain: "local", rpcUrl: chain.rpcUrl },
        });
        const t = performance.now();
        await indexer.catchUp();
        const seconds = (performance.now() - t) / 1000;
        const rows = await database.db.execute("SELECT count(*)::int AS n FROM transactions");
        const n = Number((rows as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
        return { seconds, eventsPerSecond: n / seconds, rows: n };
      } finally {
        await database.close();
      }
    };
    const raws: IndexerRun[] = [];
    const runs: (IndexerRun & { rows: number })[] = [];
    const rounds = sizes.quick ? 1 : shape === "dense" ? 2 : 3;
    for (let r = 0; r < rounds; r++) {
      raws.push(await rawRead(chain, head, blocksPerCall));
      runs.push(await indexOnce());
      log(
        `  ${shape} round ${r + 1}: raw getLogs ${raws.at(-1)?.eventsPerSecond.toFixed(0)} events/s, indexer ${runs
          .at(-1)
          ?.eventsPerSecond.toFixed(0)} events/s (${runs.at(-1)?.rows} rows in ${runs.at(-1)?.seconds.toFixed(2)} s)`,
      );
    }
    const raw = {
      seconds: median(raws.map((r) => r.seconds)),
      eventsPerSecond: median(raws.map((r) => r.eventsPerSecond)),
    };
    const idx = {
      seconds: median(runs.map((r) => r.seconds)),
      eventsPerSecond: median(runs.map((r) => r.eventsPerSecond)),
    };
    return {
      shape,
      events,
      blocks: head,
      makeSeconds,
      rawGetLogs: { ...raw, blocksPerCall, runs: raws },
      indexer: { ...idx, runs, rows: runs[0]?.rows ?? 0 },
      ratio: idx.eventsPerSecond / raw.eventsPerSecond,
    };
  } finally {
    await chain.stop();
  }
}

/** Every Transfer log of the token in blocks 0..head, `blocksPerCall` blocks per eth_getLogs, JSON parsed. */
async function rawRead(chain: TestChain, head: number, blocksPerCall: number): Promise<IndexerRun & { logs: number }> {
  const t = performance.now();
  let n = 0;
  for (let from = 0; from <= head; from += blocksPerCall) {
    const logs = await rpc<unknown[]>(chain.rpcUrl, "eth_getLogs", [
      {
        address: chain.tokenAddress,
        fromBlock: `0x${from.toString(16)}`,
        toBlock: `0x${Math.min(head, from + blocksPerCall - 1).toString(16)}`,
      },
    ]);
    n += logs.length;
  }
  const seconds = (performance.now() - t) / 1000;
  return { seconds, eventsPerSecond: n / seconds, logs: n };
}
