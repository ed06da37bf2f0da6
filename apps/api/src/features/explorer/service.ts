/**
 * The explorer's reads. Pages come from `transactions` in (timestamp, id) DESC order through an index
 * that matches each filter combination (see db/schema.ts); page counts and stats come from the
 * trigger-kept aggregates (aggregates.ts), never from count(*) over the table.
 */
import { TOKEN_DECIMALS } from "@classcoin/shared/constants";
import type { ExplorerStats, Pagination, Transaction } from "@classcoin/shared/entities";
import { type ExplorerDay, type ExplorerQuery, explorerPageDefaults } from "@classcoin/shared/explorer";
import { type SQL, sql } from "drizzle-orm";
import { formatUnits } from "viem";
import type { Db } from "../../db/client";
import { queryRows } from "../../db/raw-rows";

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

const columns = sql.raw(
  `id, type, from_wallet, to_wallet, from_name, to_name, from_photo, to_photo, amount, "timestamp",
   description, status, tx_hash, log_index, block_number`,
);
const newestFirst = sql.raw(`"timestamp" DESC, id DESC`);

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

const toCC = (wei: string | number | bigint | null | undefined) =>
  Number(formatUnits(BigInt(String(wei ?? 0).split(".")[0] ?? "0"), TOKEN_DECIMALS));

/** Whole UTC days: `from` at 00:00 inclusive, up to the start of the day after `to`. */
function dayBounds(query: Pick<ExplorerQuery, "from" | "to">) {
  return {
    since: query.from ? new Date(`${query.from}T00:00:00Z`).toISOString() : undefined,
    until: query.to ? new Date(new Date(`${query.to}T00:00:00Z`).getTime() + DAY_MS).toISOString() : undefined,
  };
}

export async function listTransactions(
  db: Db,
  query: ExplorerQuery,
): Promise<{ transactions: Transaction[]; pagination: Pagination }> {
  const page = query.page ?? explorerPageDefaults.page;
  const limit = query.limit ?? explorerPageDefaults.limit;
  const offset = (page - 1) * limit;
  const { since, until } = dayBounds(query);

  const filters: SQL[] = [];
  if (query.type) filters.push(sql`type = ${query.type}`);
  if (since) filters.push(sql`"timestamp" >= ${since}::timestamptz`);
  if (until) filters.push(sql`"timestamp" < ${until}::timestamptz`);
  const and = (extra: SQL[]) => sql.join([sql`TRUE`, ...extra, ...filters], sql` AND `);

  const counts = await countMatching(db, query);
  const total = Math.max(1, Math.ceil(counts.total / limit));
  const pagination = { current: page, total, hasPrev: page > 1, hasNext: page < total };
  // Exact counts first: a page past the end, or a filter nothing matches, costs no table read at all.
  if (offset >= counts.total) return { transactions: [], pagination };

  const leg = (conditions: SQL[], cut: SQL) =>
    sql`SELECT ${columns} FROM transactions WHERE ${and(conditions)} ORDER BY ${newestFirst} ${cut}`;
  const pageCut = sql`LIMIT ${limit} OFFSET ${offset}`;
  let statement: SQL;
  if (query.wallet) {
    // from OR to as two ordered index scans, each cut at offset + limit, merged: a wallet with a million
    // rows still costs only the rows up to the requested page. The `to` leg skips self-transfers (already
    // in the `from` leg). A leg the counts show empty is left out: the planner, guessing from
    // per-column statistics, could otherwise scan a busy wallet's rows for a type it never has.
    const fromLeg = [sql`from_wallet = ${query.wallet}`];
    const toLeg = [sql`to_wallet = ${query.wallet}`, sql`from_wallet <> ${query.wallet}`];
    if (counts.to === 0) statement = leg(fromLeg, pageCut);
    else if (counts.from === 0) statement = leg(toLeg, pageCut);
    else {
      const cut = sql`LIMIT ${offset + limit}`;
      statement = sql`SELECT ${columns} FROM ((${leg(fromLeg, cut)}) UNION ALL (${leg(toLeg, cut)})) AS w
        ORDER BY ${newestFirst} ${pageCut}`;
    }
  } else {
    statement = leg([], pageCut);
  }
  const rows = await queryRows<TransactionRow>(db, statement);
  return { transactions: await withCurrentProfiles(db, rows.map(toTransaction)), pagination };
}

/**
 * Names and photos as they are now: the indexer stores them at indexing time, so a student who made a
 * profile (or changed photo) after a transfer would otherwise stay nameless in the explorer. One lookup
 * through the unique wallet index for the page's wallets; stored values remain the fallback.
 */
async function withCurrentProfiles(db: Db, transactions: Transaction[]): Promise<Transaction[]> {
  const wallets = [...new Set(transactions.flatMap((t) => [t.fromWallet, t.toWallet]))];
  if (wallets.length === 0) return transactions;
  const profiles = await queryRows<{ wallet: string; name: string; photo: string | null }>(
    db,
    sql`SELECT wallet, name, photo FROM profiles WHERE archived = false AND wallet IN (${sql.join(
      wallets.map((w) => sql`${w}`),
      sql`, `,
    )})`,
  );
  if (profiles.length === 0) return transactions;
  const byWallet = new Map(profiles.map((p) => [p.wallet, p]));
  return transactions.map((t) => {
    const from = byWallet.get(t.fromWallet);
    const to = byWallet.get(t.toWallet);
    return {
      ...t,
      fromName: from?.name ?? t.fromName,
      fromPhoto: from ? from.photo : t.fromPhoto,
      toName: to?.name ?? t.toName,
      toPhoto: to ? to.photo : t.toPhoto,
    };
  });
}

/**
 * Exact match counts from the aggregates: O(days × types) rows read, whatever the table size. For a
 * wallet filter, also per leg (sent / received from another wallet).
 */
async function countMatching(db: Db, query: ExplorerQuery): Promise<{ total: number; from: number; to: number }> {
  const where: SQL[] = [sql`TRUE`];
  if (query.type) where.push(sql`type = ${query.type}`);
  if (query.from) where.push(sql`day >= ${query.from}::date`);
  if (query.to) where.push(sql`day <= ${query.to}::date`);
  if (query.wallet) {
    where.push(sql`wallet = ${query.wallet}`);
    const legs = await queryRows<{ role: string; n: string | number }>(
      db,
      sql`SELECT role, sum(count) AS n FROM transaction_wallet_daily WHERE ${sql.join(where, sql` AND `)} GROUP BY role`,
    );
    const from = Number(legs.find((l) => l.role === "from")?.n ?? 0);
    const to = Number(legs.find((l) => l.role === "to")?.n ?? 0);
    return { total: from + to, from, to };
  }
  // Dates → per-day rows; otherwise the per-type totals (the fewest rows that answer).
  const table = sql.raw(query.from || query.to ? "transaction_daily" : "transaction_totals");
  const [row] = await queryRows<{ n: string | number }>(
    db,
    sql`SELECT coalesce(sum(count), 0) AS n FROM ${table} WHERE ${sql.join(where, sql` AND `)}`,
  );
  const total = Number(row?.n ?? 0);
  return { total, from: total, to: 0 };
}

export async function getTransaction(db: Db, id: string): Promise<Transaction | undefined> {
  const [row] = await queryRows<TransactionRow>(db, sql`SELECT ${columns} FROM transactions WHERE id = ${id}`);
  if (!row) return undefined;
  const [transaction] = await withCurrentProfiles(db, [toTransaction(row)]);
  return transaction;
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

/** Per UTC day for the last `days` days (today included), zero-filled, oldest first. */
export async function getDaily(db: Db, days: number, now = new Date()): Promise<ExplorerDay[]> {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const dayList = Array.from({ length: days }, (_, i) =>
    new Date(today - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10),
  );
  const rows = await queryRows<{ day: string; n: string | number; volume: string }>(
    db,
    sql`
    SELECT to_char(day, 'YYYY-MM-DD') AS day, sum(count) AS n, sum(volume_wei) AS volume
      FROM transaction_daily
     WHERE day >= ${dayList[0]}::date AND day <= ${dayList[dayList.length - 1]}::date
     GROUP BY day`,
  );
  const byDay = new Map(rows.map((r) => [r.day, r]));
  return dayList.map((day) => {
    const r = byDay.get(day);
    return { day, transactions: Number(r?.n ?? 0), volume: toCC(r?.volume) };
  });
}
