-- Who did it (a tipper, voter, commenter) is kept as a wallet and named when the list is read: the name was
-- written into the sentence, so a student who renamed their profile stayed under the old name in older
-- notifications. `text` now goes on after the name when `actor_wallet` is set.
ALTER TABLE "notifications" ADD COLUMN "actor_wallet" text;--> statement-breakpoint
-- The notifications already stored: their actor is found from what the dedupe key names (the voter; the tip's
-- and the comment's rows), and the old name is cut off the sentence where it is followed by the kind's words
-- (the first such place: a quoted excerpt may repeat them). One whose actor is not found keeps its sentence.
UPDATE "notifications" SET
	"actor_wallet" = lower(split_part("dedupe_key", ':', 3)),
	"text" = substring("text" from '^.*? ((?:up|down)voted your post ".*)$'),
	"link" = '/forum?post=' || split_part("dedupe_key", ':', 2)
WHERE "kind" = 'vote' AND "dedupe_key" ~ '^vote:[0-9]+:0x[0-9a-fA-F]{40}$'
	AND "text" ~ '^.*? (up|down)voted your post "';--> statement-breakpoint
UPDATE "notifications" n SET
	"actor_wallet" = c."author_wallet",
	"text" = substring(n."text" from '^.*? ((?:commented on your post|replied to your comment) ".*)$'),
	"link" = '/forum?post=' || c."post_id" || '&comment=' || c."id"
FROM "comments" c
WHERE n."kind" IN ('comment', 'reply') AND n."dedupe_key" ~ '^comment:[0-9]+$'
	AND c."id" = split_part(n."dedupe_key", ':', 2)::bigint
	AND n."text" ~ '^.*? (commented on your post|replied to your comment) "';--> statement-breakpoint
UPDATE "notifications" n SET
	"actor_wallet" = t."from_wallet",
	"text" = substring(n."text" from '^.*? (tipped you .*)$'),
	"link" = '/projects?n=' || p."project_number" || '&submission=' || p."id"
FROM "tips" t JOIN "projects" p ON p."id" = t."project_id"
WHERE n."kind" = 'tip' AND n."dedupe_key" = 'tip:' || t."tx_hash" AND t."to_wallet" = n."wallet"
	AND n."text" ~ '^.*? tipped you ';--> statement-breakpoint
UPDATE "notifications" SET "link" = '/bounties?bounty=' || split_part("dedupe_key", ':', 2)
WHERE "kind" = 'bounty_completed' AND "dedupe_key" ~ '^bounty:[0-9]+$';--> statement-breakpoint
UPDATE "notifications" SET "link" = '/explorer?tx=' || split_part("dedupe_key", ':', 2)
WHERE "kind" = 'award' AND "dedupe_key" ~ '^award:0x[0-9a-fA-F]+$';
