/**
 * One explorer page as ONE statement that costs the same at page 1 and at the last page, whatever the filter.
 *
 * Every row carries its position in each stream it belongs to (all rows, its type, its wallets, its wallets
 * of its type: migrations/0003_explorer_streams.sql), numbered 1, 2, 3, … oldest first without gaps, and
 * each stream has an index on (stream, position). So:
 * - a stream's length is the highest position (one index probe per leg);
 * - a date range is a range of positions: where a day starts is found by the time index for the stream of
 *   all rows, and by a binary search over positions (timestamps only grow along a stream) for the others,
 *   about log2(length) index probes;
 * - page p is the positions `last - p·limit + 1 … last - (p - 1)·limit`: `limit` index entries.
 * A wallet's stream has two legs, the rows it sent (`from_seq`) and those it received from another wallet
 * (`to_seq`); a position is in exactly one of them. Current names and photos come in the same statement.
 */
import type { ExplorerQuery } from "@classcoin/shared/explorer";
import { type SQL, sql } from "drizzle-orm";
import { dayAfter, dayStart } from "./time-zone-days";

interface Leg {
  where: SQL;
  position: SQL;
}

/** The legs of the stream a filter selects (also read in order by the CSV export, csv-export.ts). */
export function streamLegs(query: Pick<ExplorerQuery, "wallet" | "type">): Leg[] {
  const { wallet, type } = query;
  if (wallet && type) {
    return [
      { where: sql`from_wallet = ${wallet} AND type = ${type}`, position: sql.raw("from_type_seq") },
      { where: sql`to_wallet = ${wallet} AND type = ${type}`, position: sql.raw("to_type_seq") },
    ];
  }
  if (wallet) {
    return [
      { where: sql`from_wallet = ${wallet}`, position: sql.raw("from_seq") },
      { where: sql`to_wallet = ${wallet}`, position: sql.raw("to_seq") },
    ];
  }
  if (type) return [{ where: sql`type = ${type}`, position: sql.raw("type_seq") }];
  return [{ where: sql`TRUE`, position: sql.raw("seq") }];
}

/** Whole days in the visitor's time zone (`tz`, else UTC): `from` at 00:00 inclusive, up to the start of
 * the day after `to`. */
export function dayBounds(query: Pick<ExplorerQuery, "from" | "to" | "tz">) {
  return {
    since: query.from ? new Date(dayStart(query.from, query.tz)).toISOString() : undefined,
    until: query.to ? new Date(dayStart(dayAfter(query.to), query.tz)).toISOString() : undefined,
  };
}

export const transactionColumns = `t.id, t.type, t.from_wallet, t.to_wallet, coalesce(pf.name, t.from_name) AS from_name,
  coalesce(pt.name, t.to_name) AS to_name,
  CASE WHEN pf.wallet IS NULL THEN t.from_photo ELSE pf.photo END AS from_photo,
  CASE WHEN pt.wallet IS NULL THEN t.to_photo ELSE pt.photo END AS to_photo,
  t.amount, t."timestamp", t.description, t.status, t.tx_hash, t.log_index, t.block_number`;

/**
 * Names and photos as they are now (the indexer stored them at indexing time; a student may have made a
 * profile or changed photo since): a lookup through the unique wallet index per wallet shown.
 */
export const currentProfiles = sql.raw(`
  LEFT JOIN profiles pf ON pf.wallet = t.from_wallet AND pf.archived = false
  LEFT JOIN profiles pt ON pt.wallet = t.to_wallet AND pt.archived = false`);

/**
 * The statement for one page: rows `{ total, ...row }` newest first, where `total` is the number of rows
 * matching the filter; one row with null columns besides `total` when the page is empty.
 */
export function pageStatement(query: ExplorerQuery, page: number, limit: number): SQL {
  const legs = streamLegs(query);
  const { since, until } = dayBounds(query);
  const maxOf = (leg: Leg) => sql`coalesce((SELECT max(${leg.position}) FROM transactions WHERE ${leg.where}), 0)`;
  const length = legs.length === 1 ? maxOf(legs[0] as Leg) : sql`greatest(${sql.join(legs.map(maxOf), sql`, `)})`;
  // The timestamp of the row at position `at` of the stream (`at` ≥ 1).
  const timeAt = (at: SQL) =>
    sql`(${sql.join(
      legs.map((leg) => sql`(SELECT "timestamp" FROM transactions WHERE ${leg.where} AND ${leg.position} = ${at})`),
      sql` UNION ALL `,
    )} LIMIT 1)`;
  const all = !query.wallet && !query.type;

  // How many rows of the stream are older than `time`: the last such position.
  const ctes: SQL[] = [sql`len AS (SELECT ${length} AS n)`];
  const olderThan = (name: string, time: string): SQL => {
    if (all) {
      return sql`(SELECT coalesce((SELECT seq FROM transactions WHERE "timestamp" < ${time}::timestamptz
                                    ORDER BY "timestamp" DESC, id DESC LIMIT 1), 0))`;
    }
    // Binary search for the last position whose row is older than `time` (0 if none): lo always is such a
    // position (or 0), every position above hi is not.
    ctes.push(sql`${sql.raw(name)}(lo, hi) AS (
      SELECT 0::bigint, (SELECT n FROM len)
      UNION ALL
      SELECT CASE WHEN m.at_time < ${time}::timestamptz THEN m.mid ELSE b.lo END,
             CASE WHEN m.at_time < ${time}::timestamptz THEN b.hi ELSE m.mid - 1 END
        FROM ${sql.raw(name)} b
        CROSS JOIN LATERAL (SELECT (b.lo + b.hi + 1) / 2 AS mid) mm
        CROSS JOIN LATERAL (SELECT mm.mid, ${timeAt(sql`mm.mid`)} AS at_time) m
       WHERE b.lo < b.hi)`);
    return sql`(SELECT lo FROM ${sql.raw(name)} WHERE lo >= hi)`;
  };
  const first = since ? olderThan("before_since", since) : sql`0::bigint`;
  const last = until ? olderThan("before_until", until) : sql`(SELECT n FROM len)`;
  const skip = (page - 1) * limit;
  // MATERIALIZED: computed once, not once per use below.
  ctes.push(sql`bounds AS MATERIALIZED (SELECT ${first} AS first, ${last} AS last)`);
  ctes.push(sql`range AS (
    SELECT greatest(last - first, 0) AS total,
           greatest(first + 1, last - ${skip} - ${limit} + 1) AS lo,
           last - ${skip} AS hi
      FROM bounds)`);
  const rows = sql.join(
    legs.map(
      // ORDER BY … LIMIT: a backward range scan of the stream's index (without it the planner, not knowing
      // the range is `limit` positions wide, may start parallel workers for a bitmap scan: 20-40 ms).
      (leg) => sql`(SELECT id, ${leg.position} AS pos FROM transactions
                     WHERE ${leg.where}
                       AND ${leg.position} BETWEEN (SELECT lo FROM range) AND (SELECT hi FROM range)
                     ORDER BY ${leg.position} DESC LIMIT ${limit})`,
    ),
    sql` UNION ALL `,
  );
  return sql`
    WITH RECURSIVE ${sql.join(ctes, sql`, `)},
    page AS (${rows})
    SELECT range.total, ${sql.raw(transactionColumns)}
      FROM range
      LEFT JOIN page ON true
      LEFT JOIN transactions t ON t.id = page.id
      ${currentProfiles}
     ORDER BY page.pos DESC`;
}
