CREATE TABLE "transaction_wallet_totals" (
	"wallet" text NOT NULL,
	"type" text NOT NULL,
	"count" bigint NOT NULL,
	CONSTRAINT "transaction_wallet_totals_wallet_type_pk" PRIMARY KEY("wallet","type")
);
--> statement-breakpoint
ALTER TABLE "transaction_wallet_daily" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "transaction_wallet_daily" CASCADE;--> statement-breakpoint
DROP INDEX "transactions_type_time_idx";--> statement-breakpoint
DROP INDEX "transactions_from_time_idx";--> statement-breakpoint
DROP INDEX "transactions_to_time_idx";--> statement-breakpoint
DROP INDEX "transactions_from_type_time_idx";--> statement-breakpoint
DROP INDEX "transactions_to_type_time_idx";--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "seq" bigint;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "type_seq" bigint;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "from_seq" bigint;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "to_seq" bigint;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "from_type_seq" bigint;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "to_type_seq" bigint;--> statement-breakpoint
CREATE INDEX "transactions_seq_idx" ON "transactions" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "transactions_type_seq_idx" ON "transactions" USING btree ("type","type_seq");--> statement-breakpoint
CREATE INDEX "transactions_from_seq_idx" ON "transactions" USING btree ("from_wallet","from_seq");--> statement-breakpoint
CREATE INDEX "transactions_to_seq_idx" ON "transactions" USING btree ("to_wallet","to_seq");--> statement-breakpoint
CREATE INDEX "transactions_from_type_seq_idx" ON "transactions" USING btree ("from_wallet","type","from_type_seq");--> statement-breakpoint
CREATE INDEX "transactions_to_type_seq_idx" ON "transactions" USING btree ("to_wallet","type","to_type_seq");--> statement-breakpoint
-- The explorer's streams (issue 19: every page O(1) at any depth and filter). Each row knows its position,
-- 1, 2, 3, … oldest first in ("timestamp", id) order without gaps, in the stream of all rows (seq), of its
-- type (type_seq), of its sender's and its recipient's wallet (from_seq, to_seq; a self-transfer is in its
-- wallet's stream once, to_seq null) and of those wallets' rows of its type (from_type_seq, to_type_seq).
-- Page p of a stream of n rows is then positions n - p·limit + 1 … n - (p - 1)·limit: a range scan of the
-- stream's index, whatever p (features/explorer/streams.ts).
--
-- Who writes them: the indexer numbers each batch itself as it inserts it, from the streams' lengths in the
-- aggregates (transaction_totals; transaction_wallet_totals below), under the advisory lock 'ccst' that
-- every renumbering takes too. Everything else is renumbered here, by statement triggers, so any writer
-- keeps the positions exact: rows inserted without positions (a bulk load), deletes that are not the newest
-- rows, and an UPDATE that moves a row to another type (send-coin's reclassification as a project tip)
-- renumber the rows from the first one affected onwards: a few rows for a recent tip, all of them for a bulk
-- load of old rows.
--
-- transaction_wallet_totals replaces transaction_wallet_daily: wallet filters count from the streams now;
-- the per-wallet, per-type row counts are what the indexer needs to number a batch.
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
INSERT INTO transaction_wallet_totals AS a (wallet, type, count)
SELECT wallet, type, sum(n) FROM (
  SELECT from_wallet AS wallet, type, n FROM d
  UNION ALL
  SELECT to_wallet, type, n FROM d WHERE to_wallet <> from_wallet
) w
GROUP BY wallet, type ORDER BY wallet, type
ON CONFLICT (wallet, type) DO UPDATE SET count = a.count + excluded.count;
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
INSERT INTO transaction_wallet_totals AS a (wallet, type, count)
SELECT wallet, type, sum(n) FROM (
  SELECT from_wallet AS wallet, type, n FROM d
  UNION ALL
  SELECT to_wallet, type, n FROM d WHERE to_wallet <> from_wallet
) w
GROUP BY wallet, type ORDER BY wallet, type
ON CONFLICT (wallet, type) DO UPDATE SET count = a.count + excluded.count;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
-- Net changes only: renumbering the streams updates rows without changing what is counted. (Old and new
-- rows are compared as multisets, not joined on id: transition tables have no statistics, and the planner's
-- nested loop over two of them is quadratic, minutes for a renumbering of 10,000 rows.)
CREATE OR REPLACE FUNCTION explorer_aggregates_update() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
IF NOT EXISTS (
  SELECT type, from_wallet, to_wallet, amount_wei, "timestamp" FROM old_rows
  EXCEPT ALL
  SELECT type, from_wallet, to_wallet, amount_wei, "timestamp" FROM new_rows
) THEN
  RETURN NULL;
END IF;
WITH d AS (SELECT type, from_wallet, to_wallet, amount_wei,
        ("timestamp" AT TIME ZONE 'UTC')::date AS day,
        date_trunc('hour', "timestamp" AT TIME ZONE 'UTC') AS hour,
        -1 AS n
   FROM old_rows
 UNION ALL SELECT type, from_wallet, to_wallet, amount_wei,
        ("timestamp" AT TIME ZONE 'UTC')::date AS day,
        date_trunc('hour', "timestamp" AT TIME ZONE 'UTC') AS hour,
        1 AS n
   FROM new_rows),
totals AS (
  INSERT INTO transaction_totals AS a (type, count, volume_wei)
  SELECT type, sum(n), sum(n * amount_wei) FROM d GROUP BY type
  HAVING sum(n) <> 0 OR sum(n * amount_wei) <> 0 ORDER BY type
  ON CONFLICT (type) DO UPDATE
    SET count = a.count + excluded.count, volume_wei = a.volume_wei + excluded.volume_wei
),
daily AS (
  INSERT INTO transaction_daily AS a (day, type, count, volume_wei)
  SELECT day, type, sum(n), sum(n * amount_wei) FROM d GROUP BY day, type
  HAVING sum(n) <> 0 OR sum(n * amount_wei) <> 0 ORDER BY day, type
  ON CONFLICT (day, type) DO UPDATE
    SET count = a.count + excluded.count, volume_wei = a.volume_wei + excluded.volume_wei
),
hourly AS (
  INSERT INTO transaction_hourly AS a (hour, count, volume_wei)
  SELECT hour, sum(n), sum(n * amount_wei) FROM d GROUP BY hour
  HAVING sum(n) <> 0 OR sum(n * amount_wei) <> 0 ORDER BY hour
  ON CONFLICT (hour) DO UPDATE
    SET count = a.count + excluded.count, volume_wei = a.volume_wei + excluded.volume_wei
)
INSERT INTO transaction_wallet_totals AS a (wallet, type, count)
SELECT wallet, type, sum(n) FROM (
  SELECT from_wallet AS wallet, type, n FROM d
  UNION ALL
  SELECT to_wallet, type, n FROM d WHERE to_wallet <> from_wallet
) w
GROUP BY wallet, type HAVING sum(n) <> 0 ORDER BY wallet, type
ON CONFLICT (wallet, type) DO UPDATE SET count = a.count + excluded.count;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION explorer_aggregates_truncate() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  DELETE FROM transaction_totals; DELETE FROM transaction_daily; DELETE FROM transaction_hourly; DELETE FROM transaction_wallet_totals;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
-- Renumbers the rows at positions >= s0 of the stream of all rows, and the rows without positions, in every
-- stream. A stream's rows before them keep their positions: a row's new position is the stream's length
-- (from the aggregates, which already count the statement that called this) minus the stream's rows
-- renumbered here plus the row's rank among them. With s0 = 1 every row is renumbered from its rank alone.
CREATE OR REPLACE FUNCTION explorer_restream_from(s0 bigint) RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
PERFORM pg_advisory_xact_lock(1667462004); -- 'ccst': one numbering at a time (the indexer takes it too)
WITH tail AS (
  SELECT id, type, from_wallet, to_wallet, "timestamp" FROM transactions WHERE seq >= s0
  UNION ALL
  SELECT id, type, from_wallet, to_wallet, "timestamp" FROM transactions WHERE seq IS NULL
),
o AS (
  SELECT id, type, from_wallet, to_wallet,
         s0 - 1 + row_number() OVER (ORDER BY "timestamp", id) AS seq,
         row_number() OVER (PARTITION BY type ORDER BY "timestamp", id) - count(*) OVER (PARTITION BY type) AS type_rank,
         count(*) OVER (PARTITION BY type) AS type_tail
    FROM tail
),
legs AS (
  SELECT id, seq, type, type_rank, type_tail, from_wallet AS wallet, true AS is_from FROM o
  UNION ALL
  SELECT id, seq, type, type_rank, type_tail, to_wallet, false FROM o WHERE to_wallet <> from_wallet
),
ranked AS (
  SELECT l.*,
         row_number() OVER (PARTITION BY wallet ORDER BY seq) - count(*) OVER (PARTITION BY wallet) AS w_rank,
         count(*) OVER (PARTITION BY wallet) AS w_tail,
         row_number() OVER (PARTITION BY wallet, type ORDER BY seq) - count(*) OVER (PARTITION BY wallet, type) AS wt_rank,
         count(*) OVER (PARTITION BY wallet, type) AS wt_tail
    FROM legs l
),
wt_len AS (
  SELECT a.wallet, a.type, a.count FROM transaction_wallet_totals a
   WHERE s0 > 1 AND a.wallet IN (SELECT wallet FROM legs)
),
w_len AS (SELECT wallet, sum(count) AS count FROM wt_len GROUP BY wallet),
positioned AS (
  SELECT r.id, r.is_from, r.seq,
         r.type_rank + coalesce((SELECT t.count FROM transaction_totals t WHERE s0 > 1 AND t.type = r.type), r.type_tail) AS type_seq,
         r.w_rank + coalesce(w.count, r.w_tail) AS w_seq,
         r.wt_rank + coalesce(wt.count, r.wt_tail) AS wt_seq
    FROM ranked r
    LEFT JOIN w_len w ON w.wallet = r.wallet
    LEFT JOIN wt_len wt ON wt.wallet = r.wallet AND wt.type = r.type
),
paired AS (
  SELECT p.*, lead(id) OVER o AS next_id, lead(w_seq) OVER o AS next_w, lead(wt_seq) OVER o AS next_wt
    FROM positioned p WINDOW o AS (ORDER BY seq, is_from DESC)
),
numbered AS (
  SELECT id, seq, type_seq, w_seq AS from_seq, wt_seq AS from_type_seq,
         CASE WHEN next_id = id THEN next_w END AS to_seq,
         CASE WHEN next_id = id THEN next_wt END AS to_type_seq
    FROM paired WHERE is_from
)
UPDATE transactions x
   SET seq = n.seq, type_seq = n.type_seq, from_seq = n.from_seq, to_seq = n.to_seq,
       from_type_seq = n.from_type_seq, to_type_seq = n.to_type_seq
  FROM numbered n
 WHERE x.id = n.id
   AND (x.seq, x.type_seq, x.from_seq, x.to_seq, x.from_type_seq, x.to_type_seq)
       IS DISTINCT FROM (n.seq, n.type_seq, n.from_seq, n.to_seq, n.from_type_seq, n.to_type_seq);
END
$fn$;
--> statement-breakpoint
-- Rows inserted without positions: renumber from the first row at or after the oldest of them.
CREATE OR REPLACE FUNCTION explorer_streams_insert() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
IF NOT EXISTS (SELECT 1 FROM new_rows WHERE seq IS NULL) THEN
  RETURN NULL;
END IF;
PERFORM explorer_restream_from(coalesce(
  (SELECT min(t.seq) FROM transactions t WHERE t."timestamp" >= (SELECT min("timestamp") FROM new_rows)),
  (SELECT max(seq) + 1 FROM transactions),
  1));
RETURN NULL;
END
$fn$;
--> statement-breakpoint
-- A reorg deletes the newest rows, which leaves no gap; any other delete renumbers the rows after it.
CREATE OR REPLACE FUNCTION explorer_streams_delete() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  s0 bigint := (SELECT min(seq) FROM old_rows);
BEGIN
IF s0 IS NOT NULL AND EXISTS (SELECT 1 FROM transactions WHERE seq > s0) THEN
  PERFORM explorer_restream_from(s0);
END IF;
RETURN NULL;
END
$fn$;
--> statement-breakpoint
-- A row moved to another type: renumber from it. A changed wallet, time or position: renumber everything.
-- (The renumbering's own UPDATE, one trigger level down, is left alone. Old and new rows are compared as
-- multisets, not joined: see explorer_aggregates_update.)
CREATE OR REPLACE FUNCTION explorer_streams_update() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  s0 bigint;
  moved boolean;
BEGIN
IF pg_trigger_depth() > 1 THEN
  RETURN NULL;
END IF;
WITH o AS (
  SELECT id, type, from_wallet, to_wallet, "timestamp", seq, type_seq, from_seq, to_seq, from_type_seq, to_type_seq
    FROM old_rows
), n AS (
  SELECT id, type, from_wallet, to_wallet, "timestamp", seq, type_seq, from_seq, to_seq, from_type_seq, to_type_seq
    FROM new_rows
), gone AS (
  SELECT * FROM o EXCEPT ALL SELECT * FROM n
), came AS (
  SELECT * FROM n EXCEPT ALL SELECT * FROM o
)
SELECT least((SELECT min(seq) FROM gone), (SELECT min(seq) FROM came)),
       EXISTS (
         SELECT id, from_wallet, to_wallet, "timestamp", seq, type_seq, from_seq, to_seq, from_type_seq, to_type_seq
           FROM gone
         EXCEPT
         SELECT id, from_wallet, to_wallet, "timestamp", seq, type_seq, from_seq, to_seq, from_type_seq, to_type_seq
           FROM came)
  INTO s0, moved;
IF moved THEN
  PERFORM explorer_restream_from(1);
ELSIF s0 IS NOT NULL THEN
  PERFORM explorer_restream_from(s0);
END IF;
RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER explorer_streams_insert AFTER INSERT ON transactions
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION explorer_streams_insert();
--> statement-breakpoint
CREATE TRIGGER explorer_streams_delete AFTER DELETE ON transactions
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION explorer_streams_delete();
--> statement-breakpoint
CREATE TRIGGER explorer_streams_update AFTER UPDATE ON transactions
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
EXECUTE FUNCTION explorer_streams_update();
--> statement-breakpoint
INSERT INTO transaction_wallet_totals (wallet, type, count)
SELECT wallet, type, count(*) FROM (
  SELECT from_wallet AS wallet, type FROM transactions
  UNION ALL
  SELECT to_wallet, type FROM transactions WHERE to_wallet <> from_wallet
) w
GROUP BY wallet, type;
--> statement-breakpoint
SELECT explorer_restream_from(1);
