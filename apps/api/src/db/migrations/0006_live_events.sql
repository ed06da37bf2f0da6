-- Live updates (issue 17): every event of GET /api/events is a row of live_events, announced to every API
-- instance with NOTIFY on channel classcoin_live (one LISTEN connection per instance fans it out to its
-- browsers); the rows let a reconnecting browser catch up with Last-Event-ID (kept for an hour).
CREATE TABLE "live_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "live_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"type" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "live_events_created_idx" ON "live_events" USING btree ("created_at");
--> statement-breakpoint
-- Notifications per wallet (tips, votes, bounties, awards, moderation), worded by the server.
CREATE TABLE "notifications" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"wallet" text NOT NULL,
	"kind" text NOT NULL,
	"text" text NOT NULL,
	"link" text,
	"dedupe_key" text,
	"read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "notifications_wallet_idx" ON "notifications" USING btree ("wallet","id");
--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("wallet") WHERE not "read";
--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_dedupe_key" ON "notifications" USING btree ("wallet","dedupe_key");
--> statement-breakpoint
-- The event itself rides in the NOTIFY payload (8000 bytes at most): a bigger one is announced by id only
-- and read from the table by the listener.
CREATE FUNCTION live_events_notify() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	payload text := json_build_object('id', NEW.id, 'event', NEW.data)::text;
BEGIN
	IF octet_length(payload) > 7000 THEN
		payload := json_build_object('id', NEW.id)::text;
	END IF;
	PERFORM pg_notify('classcoin_live', payload);
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER live_events_notify AFTER INSERT ON live_events FOR EACH ROW EXECUTE FUNCTION live_events_notify();
--> statement-breakpoint
-- The explorer's index changes in whatever process writes it (the indexer in any instance, a reorg's
-- deletes): one event per statement naming the wallets touched, or null when over 50.
CREATE FUNCTION live_events_transactions_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	n bigint;
	touched jsonb;
BEGIN
	SELECT count(*) INTO n FROM new_rows;
	IF n = 0 THEN RETURN NULL; END IF;
	SELECT CASE WHEN count(*) > 50 THEN NULL ELSE jsonb_agg(w) END INTO touched
	FROM (SELECT from_wallet AS w FROM new_rows UNION SELECT to_wallet FROM new_rows) AS x;
	INSERT INTO live_events (type, data)
	VALUES ('transactions', jsonb_build_object('type', 'transactions', 'wallets', touched, 'count', n));
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION live_events_transactions_delete() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	n bigint;
	touched jsonb;
BEGIN
	SELECT count(*) INTO n FROM old_rows;
	IF n = 0 THEN RETURN NULL; END IF;
	SELECT CASE WHEN count(*) > 50 THEN NULL ELSE jsonb_agg(w) END INTO touched
	FROM (SELECT from_wallet AS w FROM old_rows UNION SELECT to_wallet FROM old_rows) AS x;
	INSERT INTO live_events (type, data)
	VALUES ('transactions', jsonb_build_object('type', 'transactions', 'wallets', touched, 'count', n));
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER live_events_transactions_insert AFTER INSERT ON transactions
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION live_events_transactions_insert();
--> statement-breakpoint
CREATE TRIGGER live_events_transactions_delete AFTER DELETE ON transactions
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION live_events_transactions_delete();
--> statement-breakpoint
-- Bounties change through several admin flows (create, edit, cross out, delete, complete and pay, cancel,
-- reopen): each row change is announced here, whichever code made it.
CREATE FUNCTION live_events_bounties() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' THEN
		INSERT INTO live_events (type, data) VALUES ('bounty.changed',
			jsonb_build_object('type', 'bounty.changed', 'bountyId', OLD.id::text, 'status', NULL));
	ELSE
		INSERT INTO live_events (type, data) VALUES ('bounty.changed',
			jsonb_build_object('type', 'bounty.changed', 'bountyId', NEW.id::text, 'status', NEW.status));
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER live_events_bounties AFTER INSERT OR UPDATE OR DELETE ON bounties
FOR EACH ROW EXECUTE FUNCTION live_events_bounties();
