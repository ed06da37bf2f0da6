/**
 * The explorer's aggregates (tables in db/schema.ts: transaction_totals, transaction_daily,
 * transaction_hourly, transaction_wallet_daily) are kept by statement-level triggers on `transactions`.
 *
 * Why triggers: every writer keeps them exact without knowing about them: the indexer's batches, a
 * reorg's deletes, send-coin reclassifying a row as `project_tip`, a benchmark's bulk load. One grouped
 * upsert per statement (transition tables), so a batch of 1,000 rows costs a handful of row updates.
 *
 * Why installed here and not in the migration: the migration folder is regenerated from schema.ts (which
 * cannot express triggers), so the functions are (re)installed at start, idempotently, under a lock, and
 * the aggregates rebuilt from `transactions` whenever the installed version changes.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { queryRows } from "../../db/raw-rows";

/** Bump when the SQL below changes: the next start reinstalls the triggers and rebuilds the aggregates. */
const VERSION = 1;
const STATE_KEY = "explorer_aggregates_version";
/** pg_advisory_xact_lock key for the install (the indexer uses another). */
const INSTALL_LOCK = 0x6363_6167; // "ccag"

const deltaColumns = (table: string, sign: 1 | -1) =>
  `SELECT type, from_wallet, to_wallet, amount_wei,
          ("timestamp" AT TIME ZONE 'UTC')::date AS day,
          date_trunc('hour', "timestamp" AT TIME ZONE 'UTC') AS hour,
          ${sign} AS n
     FROM ${table}`;

/** One statement applying the signed rows of `d` to every aggregate (keys locked in a fixed order). */
const applyDeltas = (deltaRows: string) => `
  WITH d AS (${deltaRows}),
  totals AS (
    INSERT INTO transaction_totals AS a (type, count, volume_wei)
    SELECT type, sum(n), sum(n * amount_wei) FROM d GROUP BY type ORDER BY type
    ON CONFLICT (type) DO UPDATE
      SET count = a.count + excluded.count, volume_wei = a.volume_wei + excluded.volume_wei
  ),
  daily AS (
    INSERT INTO transaction_daily AS a (day, type, count, volume_wei)
    SELECT day, type, sum(n), sum(n * amount_wei) FROM d GROUP BY day, type ORDER BY day, type
    ON CONFLICT (day, type) DO UPDATE
      SET count = a.count + excluded.count, volume_wei = a.volume_wei + excluded.volume_wei
  ),
  hourly AS (
    INSERT INTO transaction_hourly AS a (hour, count, volume_wei)
    SELECT hour, sum(n), sum(n * amount_wei) FROM d GROUP BY hour ORDER BY hour
    ON CONFLICT (hour) DO UPDATE
      SET count = a.count + excluded.count, volume_wei = a.volume_wei + excluded.volume_wei
  )
  INSERT INTO transaction_wallet_daily AS a (wallet, role, type, day, count)
  SELECT wallet, role, type, day, sum(n) FROM (
    SELECT from_wallet AS wallet, 'from' AS role, type, day, n FROM d
    UNION ALL
    SELECT to_wallet, 'to', type, day, n FROM d WHERE to_wallet <> from_wallet
  ) w
  GROUP BY wallet, role, type, day ORDER BY wallet, role, type, day
  ON CONFLICT (wallet, role, type, day) DO UPDATE SET count = a.count + excluded.count`;

const triggerFunction = (name: string, deltaRows: string) => `
  CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $fn$
  BEGIN
    ${applyDeltas(deltaRows)};
    RETURN NULL;
  END
  $fn$`;

const aggregateTables = ["transaction_totals", "transaction_daily", "transaction_hourly", "transaction_wallet_daily"];

const installStatements = [
  triggerFunction("explorer_aggregates_insert", deltaColumns("new_rows", 1)),
  triggerFunction("explorer_aggregates_delete", deltaColumns("old_rows", -1)),
  triggerFunction(
    "explorer_aggregates_update",
    `${deltaColumns("old_rows", -1)} UNION ALL ${deltaColumns("new_rows", 1)}`,
  ),
  `CREATE OR REPLACE FUNCTION explorer_aggregates_truncate() RETURNS trigger LANGUAGE plpgsql AS $fn$
   BEGIN
     ${aggregateTables.map((t) => `DELETE FROM ${t};`).join(" ")}
     RETURN NULL;
   END
   $fn$`,
  "DROP TRIGGER IF EXISTS explorer_aggregates_insert ON transactions",
  "DROP TRIGGER IF EXISTS explorer_aggregates_delete ON transactions",
  "DROP TRIGGER IF EXISTS explorer_aggregates_update ON transactions",
  "DROP TRIGGER IF EXISTS explorer_aggregates_truncate ON transactions",
  `CREATE TRIGGER explorer_aggregates_insert AFTER INSERT ON transactions
     REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION explorer_aggregates_insert()`,
  `CREATE TRIGGER explorer_aggregates_delete AFTER DELETE ON transactions
     REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION explorer_aggregates_delete()`,
  `CREATE TRIGGER explorer_aggregates_update AFTER UPDATE ON transactions
     REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
     EXECUTE FUNCTION explorer_aggregates_update()`,
  `CREATE TRIGGER explorer_aggregates_truncate AFTER TRUNCATE ON transactions
     FOR EACH STATEMENT EXECUTE FUNCTION explorer_aggregates_truncate()`,
  // CREATE TRIGGER holds off writers until commit, so this rebuild sees every row exactly once.
  ...aggregateTables.map((t) => `DELETE FROM ${t}`),
  applyDeltas(deltaColumns("transactions", 1)),
];

/** Installs (or upgrades) the triggers and rebuilds the aggregates; a no-op when already current. */
export async function ensureExplorerAggregates(db: Db): Promise<void> {
  const current = await readVersion(db);
  if (current === VERSION) return;
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${INSTALL_LOCK})`);
    // Another instance may have installed it while this one waited for the lock.
    if ((await readVersion(tx)) === VERSION) return;
    for (const statement of installStatements) await tx.execute(sql.raw(statement));
    await tx.execute(sql`
      INSERT INTO indexer_state (key, value) VALUES (${STATE_KEY}, ${JSON.stringify(VERSION)}::jsonb)
      ON CONFLICT (key) DO UPDATE SET value = excluded.value`);
  });
}

async function readVersion(db: Pick<Db, "execute">): Promise<number | undefined> {
  const [row] = await queryRows<{ value: unknown }>(db, sql`SELECT value FROM indexer_state WHERE key = ${STATE_KEY}`);
  return typeof row?.value === "number" ? row.value : undefined;
}
