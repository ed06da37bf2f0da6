/** Helpers shared by the indexer and explorer tests: making Transfer logs fast and reading them back. */
import { classCoinAbi } from "@classcoin/contracts";
import { fund } from "@classcoin/contracts/fund";
import { sql } from "drizzle-orm";
import { parseUnits } from "viem";
import type { Db } from "../db/client";
import { queryRows } from "../db/raw-rows";
import { testAccount } from "./accounts";
import type { TestChain } from "./chain";

export interface ChainTransfer {
  key: string;
  txHash: string;
  logIndex: number;
  blockNumber: number;
  from: string;
  to: string;
  value: bigint;
}

/** Every Transfer log of the token, straight from the chain. */
export async function chainTransfers(chain: TestChain): Promise<ChainTransfer[]> {
  const events = await chain.publicClient.getContractEvents({
    address: chain.tokenAddress,
    abi: classCoinAbi,
    eventName: "Transfer",
    fromBlock: 0n,
    toBlock: "latest",
    strict: true,
  });
  return events.map((e) => {
    const txHash = e.transactionHash.toLowerCase();
    const from = e.args.from.toLowerCase();
    const to = e.args.to.toLowerCase();
    return {
      key: `${txHash}:${e.logIndex}:${from}:${to}:${e.args.value}`,
      txHash,
      logIndex: e.logIndex,
      blockNumber: Number(e.blockNumber),
      from,
      to,
      value: e.args.value,
    };
  });
}

/** The indexed table in the same key form, sorted (duplicates would show twice). */
export async function tableKeys(db: Db): Promise<string[]> {
  const rows = await queryRows<{ k: string }>(
    db,
    sql`SELECT tx_hash || ':' || log_index || ':' || from_wallet || ':' || to_wallet || ':' || amount_wei::text AS k
          FROM transactions`,
  );
  return rows.map((r) => r.k).sort();
}

export const sortedKeys = (transfers: ChainTransfer[]) => transfers.map((t) => t.key).sort();

/** A throw-away address numbered `i` (never a dev account). */
export const numberedAddress = (i: number) => `0x${(0xc1a55000 + i).toString(16).padStart(40, "0")}` as `0x${string}`;

/** The test file's account `i` (see accounts.ts), lowercased. */
export const dev = (i: number) => testAccount(i).address.toLowerCase() as `0x${string}`;

/** One mintBatch: `to.length` Transfer logs from the zero address in one transaction. */
export async function mintBatch(chain: TestChain, to: `0x${string}`[], amount: number): Promise<`0x${string}`> {
  const hash = await chain.wallet(0).writeContract({
    address: chain.tokenAddress,
    abi: classCoinAbi,
    functionName: "mintBatch",
    args: [to, parseUnits(String(amount), 18)],
  });
  await chain.publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 });
  return hash;
}

/** A plain transfer from the file's account `from`; anvil mines it at once. */
export async function transfer(
  chain: TestChain,
  from: number,
  to: `0x${string}`,
  amount: number,
): Promise<`0x${string}`> {
  const { ccHash } = await fund(chain.wallet(from), chain.publicClient, to, { token: chain.tokenAddress, cc: amount });
  return ccHash as `0x${string}`;
}

/**
 * The aggregates and the explorer's stream positions recomputed by brute force, to compare with the kept
 * ones (migrations 0001 and 0003): an empty list when they agree.
 */
export async function aggregatesDrift(db: Db): Promise<unknown[]> {
  return queryRows(
    db,
    sql`
    WITH t AS (SELECT type, from_wallet, to_wallet, amount_wei, ("timestamp" AT TIME ZONE 'UTC')::date AS day,
                      date_trunc('hour', "timestamp" AT TIME ZONE 'UTC') AS hour FROM transactions),
    totals AS (SELECT type, count(*) AS count, sum(amount_wei) AS volume_wei FROM t GROUP BY type),
    daily AS (SELECT day, type, count(*) AS count, sum(amount_wei) AS volume_wei FROM t GROUP BY day, type),
    hourly AS (SELECT hour, count(*) AS count, sum(amount_wei) AS volume_wei FROM t GROUP BY hour),
    wallets AS (SELECT wallet, type, count(*) AS count FROM (
                  SELECT from_wallet AS wallet, type FROM t
                  UNION ALL SELECT to_wallet, type FROM t WHERE to_wallet <> from_wallet) w
                GROUP BY wallet, type),
    o AS (SELECT id, type, from_wallet, to_wallet, row_number() OVER (ORDER BY "timestamp", id) AS seq,
                 row_number() OVER (PARTITION BY type ORDER BY "timestamp", id) AS type_seq FROM transactions),
    legs AS (SELECT id, from_wallet AS wallet, type, true AS is_from, seq FROM o
             UNION ALL SELECT id, to_wallet, type, false, seq FROM o WHERE to_wallet <> from_wallet),
    ranks AS (SELECT id, is_from, row_number() OVER (PARTITION BY wallet ORDER BY seq) AS w,
                     row_number() OVER (PARTITION BY wallet, type ORDER BY seq) AS wt FROM legs)
    SELECT 'totals' AS agg, type AS key FROM (
      (SELECT type, count, volume_wei FROM totals EXCEPT SELECT type, count, volume_wei FROM transaction_totals WHERE count <> 0)
      UNION ALL
      (SELECT type, count, volume_wei FROM transaction_totals WHERE count <> 0 EXCEPT SELECT type, count, volume_wei FROM totals)) x
    UNION ALL
    SELECT 'daily', day::text || type FROM (
      (SELECT day, type, count, volume_wei FROM daily EXCEPT SELECT day, type, count, volume_wei FROM transaction_daily WHERE count <> 0)
      UNION ALL
      (SELECT day, type, count, volume_wei FROM transaction_daily WHERE count <> 0 EXCEPT SELECT day, type, count, volume_wei FROM daily)) x
    UNION ALL
    SELECT 'hourly', hour::text FROM (
      (SELECT hour, count, volume_wei FROM hourly EXCEPT SELECT hour, count, volume_wei FROM transaction_hourly WHERE count <> 0)
      UNION ALL
      (SELECT hour, count, volume_wei FROM transaction_hourly WHERE count <> 0 EXCEPT SELECT hour, count, volume_wei FROM hourly)) x
    UNION ALL
    SELECT 'wallets', wallet || type FROM (
      (SELECT wallet, type, count FROM wallets
       EXCEPT SELECT wallet, type, count FROM transaction_wallet_totals WHERE count <> 0)
      UNION ALL
      (SELECT wallet, type, count FROM transaction_wallet_totals WHERE count <> 0
       EXCEPT SELECT wallet, type, count FROM wallets)) x
    UNION ALL
    SELECT 'streams', x.id::text FROM transactions x JOIN o ON o.id = x.id
      JOIN ranks f ON f.id = x.id AND f.is_from LEFT JOIN ranks g ON g.id = x.id AND NOT g.is_from
     WHERE (x.seq, x.type_seq, x.from_seq, x.to_seq, x.from_type_seq, x.to_type_seq)
           IS DISTINCT FROM (o.seq, o.type_seq, f.w, g.w, f.wt, g.wt)`,
  );
}

export async function waitFor(check: () => Promise<boolean> | boolean, timeoutMs = 20_000, what = "condition") {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
