/**
 * The explorer's reads. Pages come from the streams (streams.ts): each row's positions in the streams of
 * all rows, its type and its wallets, so any page of any filter is one range lookup, in one statement.
 * Stats come from the trigger-kept aggregates (db/migrations/0001_explorer_aggregates.sql), never from
 * count(*) over the table.
 */
import type { ExplorerStats, Pagination, Transaction } from "@classcoin/shared/entities";
import { type ExplorerDay, type ExplorerQuery, explorerPageDefaults } from "@classcoin/shared/explorer";
import { sql } from "drizzle-orm";
import { ccFromWei as toCC } from "../../chain/balances";
import type { Db } from "../../db/client";
import { queryRows } from "../../db/raw-rows";
import { currentProfiles, pageStatement, transactionColumns } from "./streams";
import { addDays, dayAfter, dayAt, dayStart } from "./time-zone-days";

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

interface TransactionRow {
  id: string | number | bigint;
  type: Transaction["type"];
  from_wallet: string;
  to_wallet: string;
  from_name: string | null;
  to_name: string | null;
  from_photo: string | null;
  to_photo: string | null;
  amount: number;
  timestamp: Date | string;
  description: string | null;
  status: string;
  tx_hash: string;
  log_index: number;
  block_number: string | number | bigint;
}

function toTransaction(row: TransactionRow): Transaction {
  return {
    _id: String(row.id),
    type: row.type,
    fromWallet: row.from_wallet,
    toWallet: row.to_wallet,
    fromName: row.from_name,
    toName: row.to_name,
    fromPhoto: row.from_photo,
    toPhoto: row.to_photo,
    amount: Number(row.amount),
    timestamp: new Date(row.timestamp).toISOString(),
    description: row.description,
    status: row.status,
    txHash: row.tx_hash,
    logIndex: Number(row.log_index),
    blockNumber: Number(row.block_number),
  };
}

export async function listTransactions(
  db: Db,
  query: ExplorerQuery,
): Promise<{ transactions: Transaction[]; pagination: Pagination }> {
  const page = query.page ?? explorerPageDefaults.page;
  const limit = query.limit ?? explorerPageDefaults.limit;
  const rows = await queryRows<Partial<TransactionRow> & { total: string | number }>(
    db,
    pageStatement(query, page, limit),
  );
  const matching = Number(rows[0]?.total ?? 0);
  const total = Math.max(1, Math.ceil(matching / limit));
  return {
    transactions: rows.filter((r): r is TransactionRow & { total: string } => r.id != null).map(toTransaction),
    pagination: { current: page, total, hasPrev: page > 1, hasNext: page < total },
  };
}

export async function getTransaction(db: Db, id: string): Promise<Transaction | undefined> {
  const [row] = await queryRows<TransactionRow>(
    db,
    sql`SELECT ${sql.raw(transactionColumns)} FROM transactions t ${currentProfiles} WHERE t.id = ${id}`,
  );
  return row ? toTransaction(row) : undefined;
}

/**
 * Totals from the per-type totals (≤ 6 rows). The last 24 hours are exact: whole hourly buckets inside
 * the window plus the rows of the window's first, partial hour read from the table (bounded by one
 * hour's traffic, through the timestamp index).
 */
export async function getStats(db: Db, now = new Date()): Promise<ExplorerStats> {
  const since = new Date(now.getTime() - DAY_MS);
  const firstWholeHour = new Date(Math.floor(since.getTime() / HOUR_MS) * HOUR_MS + HOUR_MS);
  const [row = {}] = await queryRows<Record<string, string | number>>(
    db,
    sql`
    SELECT
      (SELECT coalesce(sum(count), 0) FROM transaction_totals) AS total_count,
      (SELECT coalesce(sum(volume_wei), 0) FROM transaction_totals) AS total_volume,
      (SELECT coalesce(sum(count), 0) FROM transaction_hourly
        WHERE hour >= ${firstWholeHour.toISOString()}::timestamptz AT TIME ZONE 'UTC') AS hours_count,
      (SELECT coalesce(sum(volume_wei), 0) FROM transaction_hourly
        WHERE hour >= ${firstWholeHour.toISOString()}::timestamptz AT TIME ZONE 'UTC') AS hours_volume,
      (SELECT count(*) FROM transactions
        WHERE "timestamp" >= ${since.toISOString()}::timestamptz
          AND "timestamp" < ${firstWholeHour.toISOString()}::timestamptz) AS edge_count,
      (SELECT coalesce(sum(amount_wei), 0) FROM transactions
        WHERE "timestamp" >= ${since.toISOString()}::timestamptz
          AND "timestamp" < ${firstWholeHour.toISOString()}::timestamptz) AS edge_volume`,
  );
  return {
    totalTransactions: Number(row.total_count ?? 0),
    totalVolume: toCC(row.total_volume),
    last24h: {
      transactions: Number(row.hours_count ?? 0) + Number(row.edge_count ?? 0),
      volume: toCC(BigInt(String(row.hours_volume ?? 0)) + BigInt(String(row.edge_volume ?? 0))),
    },
  };
}

/**
 * Per day for the last `days` days (today included), zero-filled, oldest first: days of `timeZone`'s calendar
 * (the visitor's, as the table shows each time on the visitor's clock), UTC days without one.
 */
export async function getDaily(
  db: Db,
  days: number,
  timeZone: string | undefined,
  now = new Date(),
): Promise<ExplorerDay[]> {
  const today = dayAt(now, timeZone);
  const dayList = Array.from({ length: days }, (_, i) => addDays(today, i - (days - 1)));
  const rows = timeZone && timeZone !== "UTC" ? await localDays(db, dayList, timeZone) : await utcDays(db, dayList);
  const byDay = new Map(rows.map((r) => [r.day, r]));
  return dayList.map((day) => {
    const r = byDay.get(day);
    return { day, transactions: Number(r?.n ?? 0), volume: toCC(r?.volume) };
  });
}

interface DayRow {
  day: string;
  n: string | number;
  volume: string;
}

/** UTC days: the trigger-kept daily aggregate. */
function utcDays(db: Db, dayList: string[]): Promise<DayRow[]> {
  return queryRows<DayRow>(
    db,
    sql`
    SELECT to_char(day, 'YYYY-MM-DD') AS day, sum(count) AS n, sum(volume_wei) AS volume
      FROM transaction_daily
     WHERE day >= ${dayList[0]}::date AND day <= ${dayList[dayList.length - 1]}::date
     GROUP BY day`,
  );
}

/**
 * Days of `timeZone`, from the hourly aggregate: an hour wholly inside one local day counts as a whole; an hour
 * a local midnight cuts (a zone half or three quarters of an hour off UTC, such as Asia/Kolkata) is counted
 * from its rows, one hour's rows per day at most. The day bounds are computed here (daylight-saving days last
 * 23 or 25 hours) and given to `width_bucket`: bucket i is dayList[i - 1].
 */
async function localDays(db: Db, dayList: string[], timeZone: string): Promise<DayRow[]> {
  const last = dayList[dayList.length - 1] as string;
  const bounds = [...dayList, dayAfter(last)].map((day) => new Date(dayStart(day, timeZone)).toISOString());
  const edges = sql`ARRAY[${sql.join(
    bounds.map((b) => sql`${b}::timestamptz`),
    sql`, `,
  )}]`;
  const rows = await queryRows<{ bucket: number; n: string | number; volume: string }>(
    db,
    sql`
    WITH hours AS (
      SELECT hour AT TIME ZONE 'UTC' AS start, count, volume_wei,
             width_bucket(hour AT TIME ZONE 'UTC', ${edges}) AS first_bucket,
             width_bucket((hour + interval '1 hour' - interval '1 microsecond') AT TIME ZONE 'UTC', ${edges}) AS last_bucket
        FROM transaction_hourly
       WHERE hour >= date_trunc('hour', ${bounds[0]}::timestamptz AT TIME ZONE 'UTC')
         AND hour < ${bounds[bounds.length - 1]}::timestamptz AT TIME ZONE 'UTC'
    )
    SELECT bucket, sum(n) AS n, sum(volume) AS volume FROM (
      SELECT first_bucket AS bucket, count AS n, volume_wei AS volume FROM hours WHERE first_bucket = last_bucket
      UNION ALL
      SELECT width_bucket(t."timestamp", ${edges}), 1, t.amount_wei
        FROM hours h
        JOIN transactions t ON t."timestamp" >= h.start AND t."timestamp" < h.start + interval '1 hour'
       WHERE h.first_bucket <> h.last_bucket
    ) counted
     WHERE bucket BETWEEN 1 AND ${dayList.length}
     GROUP BY bucket`,
  );
  return rows.map((r) => ({ day: dayList[Number(r.bucket) - 1] as string, n: r.n, volume: r.volume }));
}
