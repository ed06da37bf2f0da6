-- Every Transfer log ever recorded as a tip, in any semester (tx hash + log index). "Start new semester" empties
-- `tips` but not this table: when it cannot wait for the indexer it starts the new semester at the indexer's
-- checkpoint + 1, so a tip from the old semester's last, not yet indexed blocks was at or after the new
-- semester's first block, and the same transfer could be reported again for the author's new submission
-- (raising its total, the leaderboard and the prediction results). Now a transfer counts as a tip once for good.
--
-- Claimed by the database in the tip's own insert (a BEFORE INSERT trigger), so every writer of a tip goes
-- through it, in the tip's transaction: a transfer claimed already is not inserted (the trigger returns NULL),
-- which the tip's `INSERT … ON CONFLICT DO NOTHING RETURNING` reads as "already recorded", as for a duplicate
-- in the same semester. Two reports of one transfer at once (on two instances): the second's claim waits on the
-- first's uncommitted key and then does nothing; only if the first rolls back does the second claim it.
-- The indexer's undo of a tip the chain dropped deletes its claim too (chain/indexer/tips-follow-chain.ts).
CREATE TABLE "tipped_transfers" (
	"tx_hash" text NOT NULL,
	"log_index" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tipped_transfers_tx_hash_log_index_pk" PRIMARY KEY("tx_hash","log_index")
);
--> statement-breakpoint
-- The tips of the current semester. Those of earlier semesters were deleted by their starts, and the archives
-- keep no tip's hash but as an explorer row, always of a block before the current semester's first one (the start
-- begins after the newest row it archives), which send-coin refuses by its block already.
INSERT INTO "tipped_transfers" ("tx_hash", "log_index", "created_at")
SELECT "tx_hash", "log_index", min("created_at") FROM "tips" GROUP BY "tx_hash", "log_index"
ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION tips_claim_transfer() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO tipped_transfers (tx_hash, log_index) VALUES (NEW.tx_hash, NEW.log_index) ON CONFLICT DO NOTHING;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  RETURN NEW;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER tips_claim_transfer BEFORE INSERT ON tips FOR EACH ROW EXECUTE FUNCTION tips_claim_transfer();
