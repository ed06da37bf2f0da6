-- Live events in commit order. An event's `id` comes from its sequence when it is inserted, but the event is
-- seen (NOTIFY, readable) when its transaction commits: a trigger's event inside a long transaction (the
-- indexer's transaction rows, a semester start's deletes, a bounty change) could get id 10 and commit after
-- id 11. A browser that got 11 and reconnected with Last-Event-ID 11 was replayed only ids > 11, so 10 never
-- reached it (its page stale until a reload); the bus's catch-up after a lost LISTEN had the same hole.
--
-- Now each event also gets `commit_seq` as its transaction commits (a deferred trigger), one committing writer
-- at a time (an advisory lock held until the commit is visible): whatever is seen is every event up to some
-- commit_seq, so "everything after commit_seq N" is exact. It is the stream's event id. The lock is taken
-- only at commit, so a long transaction holds no one up before it; event writers' commits take turns.
CREATE SEQUENCE "public"."live_events_commit_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
ALTER TABLE "live_events" ADD COLUMN "commit_seq" bigint;--> statement-breakpoint
-- The events kept are all committed; their ids are what browsers hold as Last-Event-ID, and the new numbers
-- go on after every id handed out, so those browsers still catch up from them.
UPDATE "live_events" SET "commit_seq" = "id";--> statement-breakpoint
SELECT setval('live_events_commit_seq', last_value, is_called) FROM live_events_id_seq;--> statement-breakpoint
CREATE UNIQUE INDEX "live_events_commit_seq_idx" ON "live_events" USING btree ("commit_seq");--> statement-breakpoint
-- Runs as the event's transaction commits. The lock ("ccle") is released only once the commit is visible, so
-- the next writer's number is higher than every number already seen. The NOTIFY names commit_seq as `id`.
CREATE OR REPLACE FUNCTION live_events_notify() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	seq bigint;
	payload text;
BEGIN
	PERFORM pg_advisory_xact_lock(1667460197);
	UPDATE live_events SET commit_seq = nextval('live_events_commit_seq') WHERE id = NEW.id
	RETURNING commit_seq INTO seq;
	-- Deleted again in its own transaction: nothing to announce.
	IF NOT FOUND THEN RETURN NULL; END IF;
	payload := json_build_object('id', seq, 'event', NEW.data)::text;
	IF octet_length(payload) > 7000 THEN
		payload := json_build_object('id', seq)::text;
	END IF;
	PERFORM pg_notify('classcoin_live', payload);
	RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER live_events_notify ON live_events;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER live_events_notify AFTER INSERT ON live_events
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION live_events_notify();
