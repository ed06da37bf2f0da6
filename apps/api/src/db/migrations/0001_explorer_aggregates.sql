-- The explorer's aggregates (transaction_totals, transaction_daily, transaction_hourly,
-- transaction_wallet_daily; tables in schema.ts) are kept by statement-level triggers on `transactions`.
--
-- Why triggers: every writer keeps them exact without knowing about them: the indexer's batches, a reorg's
-- deletes, send-coin reclassifying a row as `project_tip`, a benchmark's bulk load. One grouped upsert per
-- statement (transition tables), so a batch of 1,000 rows costs a handful of row updates.
--
-- A custom migration (drizzle-kit generate --custom): schema.ts cannot express triggers. It ends by
-- rebuilding the aggregates from `transactions`, so a database that had the triggers installed at start by
-- an older version (recorded under indexer_state 'explorer_aggregates_version') ends up exactly the same.
CREATE OR REPLACE FUNCTION explorer_aggregates_insert() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
WITH d AS (SELECT type, from_wallet, to_wallet, amount_wei,
        ("timestamp" AT TIME ZONE 'UTC')::date AS day,
        date_trunc('hour', "timestamp" AT TIME ZONE 'UTC') AS hour,
        1 AS n
   FROM new_rows),
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
ON CONFLICT (wallet, role, type, day) DO UPDATE SET count = a.count + excluded.count;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION explorer_aggregates_delete() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
WITH d AS (SELECT type, from_wallet, to_wallet, amount_wei,
        ("timestamp" AT TIME ZONE 'UTC')::date AS day,
        date_trunc('hour', "timestamp" AT TIME ZONE 'UTC') AS hour,
        -1 AS n
   FROM old_rows),
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
ON CONFLICT (wallet, role, type, day) DO UPDATE SET count = a.count + excluded.count;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION explorer_aggregates_update() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
WITH d AS (SELECT type, from_wallet, to_wallet, amount_wei,
        ("timestamp" AT TIME ZONE 'UTC')::date AS day,
        date_trunc('hour', "timestamp" AT TIME ZONE 'UTC') AS hour,
        -1 AS n
   FROM old_rows UNION ALL SELECT type, from_wallet, to_wallet, amount_wei,
        ("timestamp" AT TIME ZONE 'UTC')::date AS day,
        date_trunc('hour', "timestamp" AT TIME ZONE 'UTC') AS hour,
        1 AS n
   FROM new_rows),
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
ON CONFLICT (wallet, role, type, day) DO UPDATE SET count = a.count + excluded.count;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION explorer_aggregates_truncate() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  DELETE FROM transaction_totals; DELETE FROM transaction_daily; DELETE FROM transaction_hourly; DELETE FROM transaction_wallet_daily;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS explorer_aggregates_insert ON transactions;
--> statement-breakpoint
DROP TRIGGER IF EXISTS explorer_aggregates_delete ON transactions;
--> statement-breakpoint
DROP TRIGGER IF EXISTS explorer_aggregates_update ON transactions;
--> statement-breakpoint
DROP TRIGGER IF EXISTS explorer_aggregates_truncate ON transactions;
--> statement-breakpoint
CREATE TRIGGER explorer_aggregates_insert AFTER INSERT ON transactions
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION explorer_aggregates_insert();
--> statement-breakpoint
CREATE TRIGGER explorer_aggregates_delete AFTER DELETE ON transactions
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION explorer_aggregates_delete();
--> statement-breakpoint
CREATE TRIGGER explorer_aggregates_update AFTER UPDATE ON transactions
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
EXECUTE FUNCTION explorer_aggregates_update();
--> statement-breakpoint
CREATE TRIGGER explorer_aggregates_truncate AFTER TRUNCATE ON transactions
FOR EACH STATEMENT EXECUTE FUNCTION explorer_aggregates_truncate();
--> statement-breakpoint
DELETE FROM transaction_totals;
--> statement-breakpoint
DELETE FROM transaction_daily;
--> statement-breakpoint
DELETE FROM transaction_hourly;
--> statement-breakpoint
DELETE FROM transaction_wallet_daily;
--> statement-breakpoint
WITH d AS (SELECT type, from_wallet, to_wallet, amount_wei,
        ("timestamp" AT TIME ZONE 'UTC')::date AS day,
        date_trunc('hour', "timestamp" AT TIME ZONE 'UTC') AS hour,
        1 AS n
   FROM transactions),
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
ON CONFLICT (wallet, role, type, day) DO UPDATE SET count = a.count + excluded.count;
--> statement-breakpoint
DELETE FROM indexer_state WHERE key = 'explorer_aggregates_version';
