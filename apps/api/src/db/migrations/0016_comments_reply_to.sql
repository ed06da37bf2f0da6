-- The comment a reply to a reply answers (its thread, `parent_id`, is the top-level comment): without it the
-- forum could not say whom such a reply answers, and the double submit check took "Thanks!" to two different
-- replies of one thread for one submission. Null for a comment on the post and a direct reply to the thread's
-- comment; rows written before stay null (their target was never stored), read as they always were. SET NULL:
-- a comment removed outright (a semester reset, its post deleted) leaves no dangling id behind.
ALTER TABLE "comments" ADD COLUMN "reply_to_id" bigint;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_reply_to_id_comments_id_fk" FOREIGN KEY ("reply_to_id") REFERENCES "public"."comments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comments_reply_to_idx" ON "comments" USING btree ("reply_to_id");