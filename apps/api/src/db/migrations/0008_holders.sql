-- The explorer's holders list (issue 18): each wallet's ClassCoin balance as the indexed Transfer logs add
-- up (received minus sent; the zero address, which mints come from and burns go to, is not a holder).
--
-- Kept by statement-level triggers on `transactions`, like the aggregates of 0001: the indexer's batch and
-- its holders' balances are written in one transaction, a reorg's deletes take their amounts back out, and
-- an update of a row's wallets or amount moves them. The migration ends by computing the table from the rows
-- already indexed.
CREATE TABLE "holders" (
	"wallet" text PRIMARY KEY NOT NULL,
	"balance_wei" numeric(78, 0) DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "holders_balance_idx" ON "holders" USING btree ("balance_wei" DESC, "wallet") WHERE balance_wei > 0;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION holders_insert() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
INSERT INTO holders AS h (wallet, balance_wei)
SELECT wallet, sum(delta) FROM (
  SELECT to_wallet AS wallet, amount_wei AS delta FROM new_rows
  UNION ALL
  SELECT from_wallet, -amount_wei FROM new_rows
) d
WHERE wallet <> '0x0000000000000000000000000000000000000000'
GROUP BY wallet ORDER BY wallet
ON CONFLICT (wallet) DO UPDATE SET balance_wei = h.balance_wei + excluded.balance_wei;
RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION holders_delete() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
INSERT INTO holders AS h (wallet, balance_wei)
SELECT wallet, sum(delta) FROM (
  SELECT to_wallet AS wallet, -amount_wei AS delta FROM old_rows
  UNION ALL
  SELECT from_wallet, amount_wei FROM old_rows
) d
WHERE wallet <> '0x0000000000000000000000000000000000000000'
GROUP BY wallet ORDER BY wallet
ON CONFLICT (wallet) DO UPDATE SET balance_wei = h.balance_wei + excluded.balance_wei;
RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION holders_update() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
INSERT INTO holders AS h (wallet, balance_wei)
SELECT wallet, sum(delta) FROM (
  SELECT to_wallet AS wallet, -amount_wei AS delta FROM old_rows
  UNION ALL
  SELECT from_wallet, amount_wei FROM old_rows
  UNION ALL
  SELECT to_wallet, amount_wei FROM new_rows
  UNION ALL
  SELECT from_wallet, -amount_wei FROM new_rows
) d
WHERE wallet <> '0x0000000000000000000000000000000000000000'
GROUP BY wallet HAVING sum(delta) <> 0 ORDER BY wallet
ON CONFLICT (wallet) DO UPDATE SET balance_wei = h.balance_wei + excluded.balance_wei;
RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER holders_after_insert AFTER INSERT ON transactions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION holders_insert();
--> statement-breakpoint
CREATE TRIGGER holders_after_delete AFTER DELETE ON transactions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION holders_delete();
--> statement-breakpoint
CREATE TRIGGER holders_after_update AFTER UPDATE ON transactions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION holders_update();
--> statement-breakpoint
INSERT INTO holders (wallet, balance_wei)
SELECT wallet, sum(delta) FROM (
  SELECT to_wallet AS wallet, amount_wei AS delta FROM transactions
  UNION ALL
  SELECT from_wallet, -amount_wei FROM transactions
) d
WHERE wallet <> '0x0000000000000000000000000000000000000000'
GROUP BY wallet;
