/** Helpers shared by the indexer and explorer tests: making Transfer logs fast and reading them back. */
import { classCoinAbi } from "@classcoin/contracts";
import { devAccount } from "@classcoin/contracts/dev-accounts";
import { sql } from "drizzle-orm";
import { parseUnits } from "viem";
import type { Db } from "../db/client";
import { queryRows } from "../db/raw-rows";
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

export const dev = (i: number) => devAccount(i).address.toLowerCase() as `0x${string}`;

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

/** A plain transfer from dev account `from`; anvil mines it at once. */
export async function transfer(
  chain: TestChain,
  from: number,
  to: `0x${string}`,
  amount: number,
): Promise<`0x${string}`> {
  const hash = await chain.wallet(from).writeContract({
    address: chain.tokenAddress,
    abi: classCoinAbi,
    functionName: "transfer",
    args: [to, parseUnits(String(amount), 18)],
  });
  await chain.publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 });
  return hash;
}

/** The aggregates recomputed by brute force, to compare with the trigger-kept ones. */
export async function aggregatesDrift(db: Db): Promise<unknown[]> {
  return queryRows(
    db,
    sql`
    WITH t AS (SELECT type, from_wallet, to_wallet, amount_wei, ("timestamp" AT TIME ZONE 'UTC')::date AS day,
                      date_trunc('hour', "timestamp" AT TIME ZONE 'UTC') AS hour FROM transactions),
    totals AS (SELECT type, count(*) AS count, sum(amount_wei) AS volume_wei FROM t GROUP BY type),
    daily AS (SELECT day, type, count(*) AS count, sum(amount_wei) AS volume_wei FROM t GROUP BY day, type),
    hourly AS (SELECT hour, count(*) AS count, sum(amount_wei) AS volume_wei FROM t GROUP BY hour),
    wallets AS (SELECT wallet, role, type, day, count(*) AS count FROM (
                  SELECT from_wallet AS wallet, 'from' AS role, type, day FROM t
                  UNION ALL SELECT to_wallet, 'to', type, day FROM t WHERE to_wallet <> from_wallet) w
                GROUP BY wallet, role, type, day)
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
    SELECT 'wallets', wallet || role || type || day::text FROM (
      (SELECT wallet, role, type, day, count FROM wallets
       EXCEPT SELECT wallet, role, type, day, count FROM transaction_wallet_daily WHERE count <> 0)
      UNION ALL
      (SELECT wallet, role, type, day, count FROM transaction_wallet_daily WHERE count <> 0
       EXCEPT SELECT wallet, role, type, day, count FROM wallets)) x`,
  );
}

export async function waitFor(check: () => Promise<boolean> | boolean, timeoutMs = 20_000, what = "condition") {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
