-- Each post carries its wallet → vote map (`votes_map`) and the number of comments shown under it
-- (`comment_count`: visible and not deleted), so a page of posts is one index range with a profile lookup
-- instead of two subqueries per post (the forum's list: ~2,500/s → ~9,400/s in PostgreSQL alone, pgbench,
-- 4 clients; bench/findings.md).
--
-- Kept by statement-level triggers on `votes` and `comments`, like the explorer's aggregates (0001), so every
-- writer keeps them exact without knowing about them: the forum's votes, comments and their moderation, a
-- post's cascade delete, a semester's reset, a benchmark's bulk load. The updates are deltas applied to the
-- row as it is when the update runs (`votes_map || …`, `comment_count + …`), so writers racing on one post
-- add up instead of overwriting each other.
ALTER TABLE "posts" ADD COLUMN "votes_map" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "comment_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION posts_votes_map_added() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  UPDATE posts p SET votes_map = p.votes_map || n.map
    FROM (SELECT post_id, jsonb_object_agg(wallet, type) AS map FROM new_rows GROUP BY post_id) n
   WHERE p.id = n.post_id;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION posts_votes_map_removed() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  UPDATE posts p SET votes_map = p.votes_map - o.wallets
    FROM (SELECT post_id, array_agg(wallet) AS wallets FROM old_rows GROUP BY post_id) o
   WHERE p.id = o.post_id;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
-- A vote changed in place (its type; also its post or wallet, which the app never does): out, then in.
CREATE OR REPLACE FUNCTION posts_votes_map_changed() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  UPDATE posts p SET votes_map = p.votes_map - o.wallets
    FROM (SELECT post_id, array_agg(wallet) AS wallets FROM old_rows GROUP BY post_id) o
   WHERE p.id = o.post_id;
  UPDATE posts p SET votes_map = p.votes_map || n.map
    FROM (SELECT post_id, jsonb_object_agg(wallet, type) AS map FROM new_rows GROUP BY post_id) n
   WHERE p.id = n.post_id;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION posts_votes_map_truncated() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  UPDATE posts SET votes_map = '{}'::jsonb WHERE votes_map <> '{}'::jsonb;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION posts_comment_count_added() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  UPDATE posts p SET comment_count = p.comment_count + n.shown
    FROM (SELECT post_id, count(*)::int AS shown FROM new_rows WHERE NOT hidden AND NOT deleted GROUP BY post_id) n
   WHERE p.id = n.post_id;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION posts_comment_count_removed() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  UPDATE posts p SET comment_count = p.comment_count - o.shown
    FROM (SELECT post_id, count(*)::int AS shown FROM old_rows WHERE NOT hidden AND NOT deleted GROUP BY post_id) o
   WHERE p.id = o.post_id;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
-- Hidden, shown again, deleted (or, never in the app, moved to another post): the difference per post.
CREATE OR REPLACE FUNCTION posts_comment_count_changed() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  UPDATE posts p SET comment_count = p.comment_count + d.delta
    FROM (SELECT post_id, sum(delta)::int AS delta
            FROM (SELECT post_id, 1 AS delta FROM new_rows WHERE NOT hidden AND NOT deleted
                  UNION ALL
                  SELECT post_id, -1 FROM old_rows WHERE NOT hidden AND NOT deleted) c
           GROUP BY post_id HAVING sum(delta) <> 0) d
   WHERE p.id = d.post_id;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION posts_comment_count_truncated() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  UPDATE posts SET comment_count = 0 WHERE comment_count <> 0;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER posts_votes_map_insert AFTER INSERT ON votes
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION posts_votes_map_added();
--> statement-breakpoint
CREATE TRIGGER posts_votes_map_delete AFTER DELETE ON votes
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION posts_votes_map_removed();
--> statement-breakpoint
CREATE TRIGGER posts_votes_map_update AFTER UPDATE ON votes
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION posts_votes_map_changed();
--> statement-breakpoint
CREATE TRIGGER posts_votes_map_truncate AFTER TRUNCATE ON votes
FOR EACH STATEMENT EXECUTE FUNCTION posts_votes_map_truncated();
--> statement-breakpoint
CREATE TRIGGER posts_comment_count_insert AFTER INSERT ON comments
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION posts_comment_count_added();
--> statement-breakpoint
CREATE TRIGGER posts_comment_count_delete AFTER DELETE ON comments
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION posts_comment_count_removed();
--> statement-breakpoint
CREATE TRIGGER posts_comment_count_update AFTER UPDATE ON comments
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION posts_comment_count_changed();
--> statement-breakpoint
CREATE TRIGGER posts_comment_count_truncate AFTER TRUNCATE ON comments
FOR EACH STATEMENT EXECUTE FUNCTION posts_comment_count_truncated();
--> statement-breakpoint
UPDATE posts p SET
  votes_map = coalesce((SELECT jsonb_object_agg(v.wallet, v.type) FROM votes v WHERE v.post_id = p.id), '{}'::jsonb),
  comment_count = (SELECT count(*)::int FROM comments c WHERE c.post_id = p.id AND NOT c.hidden AND NOT c.deleted);
