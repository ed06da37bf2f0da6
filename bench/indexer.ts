/**
 * Indexer catch-up: N Transfer events made on anvil (mintBatch from the owner to many new addresses, a
 * thousand per transaction, plus some plain transfers), then the real indexer reads them into a fresh
 * PostgreSQL database, alternating with raw eth_getLogs reads of the same range (the limit it can reach).
 */

import { createIndexer } from "@classcoin/api/chain/indexer/indexer";
import { ensureExplorerAggregates } from "@classcoin/api/features/explorer/aggregates";
import { startTestChain } from "@classcoin/api/testing/chain";
import { dev, transfer } from "@classcoin/api/testing/transfers";
import { classCoinAbi } from "@classcoin/contracts";
import { parseUnits } from "viem";
import { createBenchDatabase } from "./lib/bench-app";
import { median } from "./lib/load";
import type { Sizes } from "./sizes";

const PER_MINT = 1000;
const TRANSFERS = 50;

export interface IndexerRun {
  seconds: number;
  eventsPerSecond: number;
}

export interface IndexerResult {
  events: number;
  blocks: number;
  makeSeconds: number;
  rawGetLogs: IndexerRun & { blocksPerCall: number; runs: IndexerRun[] };
  indexer: IndexerRun & { runs: IndexerRun[]; rows: number };
  ratio: number;
}

export async function benchIndexer(sizes: Sizes, log: (line: string) => void): Promise<IndexerResult> {
  const chain = await startTestChain();
  try {
    const t0 = performance.now();
    const mints = Math.ceil((sizes.indexerEvents - TRANSFERS) / PER_MINT);
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
        }),
      );
    }
    for (const hash of hashes) {
      const receipt = await chain.publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 });
      if (receipt.status !== "success") throw new Error(`mintBatch ${hash} failed`);
    }
    for (let i = 0; i < TRANSFERS; i++) {
      if (i % 10 === 0) await chain.fund(dev(1 + (i % 9)), 100);
      await transfer(chain, 1 + (i % 9), dev(1 + ((i + 1) % 9)), 1);
    }
    const head = Number(await chain.publicClient.getBlockNumber({ cacheTime: 0 }));
    const makeSeconds = (performance.now() - t0) / 1000;
    const events = mints * PER_MINT + TRANSFERS + Math.ceil(TRANSFERS / 10);
    log(`  ${events.toLocaleString("en")} Transfer events in ${head} blocks made in ${makeSeconds.toFixed(1)} s`);

    const blocksPerCall = 5;
    const rawRead = async (): Promise<IndexerRun> => {
      const t = performance.now();
      let n = 0;
      for (let from = 0; from <= head; from += blocksPerCall) {
        const res = await fetch(chain.rpcUrl, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({
            jsonrpc: "2.0",
            id: 1,
            method: "eth_getLogs",
            params: [
              {
                address: chain.tokenAddress,
                fromBlock: `0x${from.toString(16)}`,
                toBlock: `0x${Math.min(head, from + blocksPerCall - 1).toString(16)}`,
              },
            ],
          }),
        });
        const body = (await res.json()) as { result: unknown[] };
        n += body.result.length;
      }
      const seconds = (performance.now() - t) / 1000;
      return { seconds, eventsPerSecond: n / seconds };
    };
    const indexOnce = async (): Promise<IndexerRun & { rows: number }> => {
      const database = await createBenchDatabase("postgres");
      try {
        await ensureExplorerAggregates(database.db);
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
    const rounds = sizes.quick ? 1 : 2;
    for (let r = 0; r < rounds; r++) {
      raws.push(await rawRead());
      runs.push(await indexOnce());
      log(
        `  round ${r + 1}: raw getLogs ${raws.at(-1)?.eventsPerSecond.toFixed(0)} events/s, indexer ${runs
          .at(-1)
          ?.eventsPerSecond.toFixed(0)} events/s (${runs.at(-1)?.rows} rows in ${runs.at(-1)?.seconds.toFixed(1)} s)`,
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
