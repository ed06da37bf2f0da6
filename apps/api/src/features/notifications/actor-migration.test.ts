/**
 * Migration 0019 (notifications.actor_wallet): notifications stored before it had the actor's name written into
 * the sentence and opened the forum at the top. After it, those whose actor can be found (the voter in the
 * dedupe key, the comment's and the tip's rows) name the actor as they are now, and each opens its post,
 * comment, submission, bounty or transaction; one whose actor is gone keeps its sentence.
 */
import { rmSync } from "node:fs";
import { notificationLinks } from "@classcoin/shared/notifications";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { migrationsFolder } from "../../db/client";
import { queryRows } from "../../db/raw-rows";
import { testDatabaseKinds } from "../../testing/database";
import { emptyDatabase, migrationsBefore } from "../../testing/migrations-before";
import { listNotifications } from "./service";

const MIGRATION = "0019_notifications_actor";
const before = migrationsBefore(MIGRATION);
afterAll(() => {
  rmSync(before, { recursive: true, force: true });
});

const wallet = (n: number) => `0x${String(n).padStart(40, "0")}`;
const hash = (n: number) => `0x${String(n).repeat(64)}`;

describe.each(testDatabaseKinds())(`migration ${MIGRATION} on %s`, (kind) => {
  it("names the actors of older notifications as they are now and links each to its thing", async () => {
    const database = await emptyDatabase(kind);
    try {
      const { db } = database;
      await database.migrate(before);
      const ada = wallet(1);
      const riley = wallet(2);
      const id = async (query: ReturnType<typeof sql>) =>
        Number((await queryRows<{ id: string | number }>(db, query))[0]!.id);
      await db.execute(sql`INSERT INTO profiles (wallet, name, birthday, star_sign)
        VALUES (${ada}, 'Ada', '2009-01-01', 'Capricorn'), (${riley}, 'Riley Nine', '2009-01-01', 'Capricorn')`);
      const postId = await id(sql`INSERT INTO posts (author_wallet, content) VALUES (${ada}, 'Lemons') RETURNING id`);
      const commentId = await id(
        sql`INSERT INTO comments (post_id, author_wallet, text) VALUES (${postId}, ${riley}, 'Zesty') RETURNING id`,
      );
      const projectId = await id(sql`INSERT INTO projects (author_wallet, project_number, title, image)
        VALUES (${ada}, 2, 'Fox', 'a.webp') RETURNING id`);
      await db.execute(sql`INSERT INTO tips (project_id, from_wallet, to_wallet, amount, amount_wei, tx_hash, log_index)
        VALUES (${projectId}, ${riley}, ${ada}, 5, 5000000000000000000, ${hash(1)}, 0)`);
      // As the old code wrote them, the name Riley had then in each sentence; a name that repeats the words.
      const old = (kind: string, text: string, link: string, dedupeKey: string) =>
        db.execute(sql`INSERT INTO notifications (wallet, kind, text, link, dedupe_key)
          VALUES (${ada}, ${kind}, ${text}, ${link}, ${dedupeKey})`);
      await old(
        "vote",
        'Riley Nine upvoted your post "Lemons upvoted your post".',
        "/forum",
        `vote:${postId}:${riley}`,
      );
      await old("comment", 'Riley Nine commented on your post "Lemons": "Zesty"', "/forum", `comment:${commentId}`);
      await old("tip", 'Riley Nine tipped you 5 CC for "Fox".', "/projects?n=2", `tip:${hash(1)}`);
      await old(
        "award",
        'The instructor awarded you 3 CC: "Well done".',
        `/explorer?wallet=${ada}`,
        `award:${hash(2)}`,
      );
      await old(
        "bounty_completed",
        'Your bounty "Sweep" was marked completed: 2 CC was paid to you.',
        "/bounties",
        "bounty:7",
      );
      // A comment deleted since: its actor cannot be found, the sentence stays as written.
      await old("reply", 'Gone Name replied to your comment "Hi": "Bye"', "/forum", "comment:999999");

      await database.migrate(migrationsFolder);
      await db.execute(sql`UPDATE profiles SET name = 'Riley Ten' WHERE wallet = ${riley}`);
      const { notifications } = await listNotifications(db, ada);
      expect(notifications.map((n) => [n.kind, n.text, n.link])).toEqual([
        ["reply", 'Gone Name replied to your comment "Hi": "Bye"', "/forum"],
        [
          "bounty_completed",
          'Your bounty "Sweep" was marked completed: 2 CC was paid to you.',
          notificationLinks.bounty(7),
        ],
        ["award", 'The instructor awarded you 3 CC: "Well done".', notificationLinks.transaction(hash(2))],
        ["tip", 'Riley Ten tipped you 5 CC for "Fox".', notificationLinks.submission(2, projectId)],
        ["comment", 'Riley Ten commented on your post "Lemons": "Zesty"', notificationLinks.forum(postId, commentId)],
        ["vote", 'Riley Ten upvoted your post "Lemons upvoted your post".', notificationLinks.forum(postId)],
      ]);
    } finally {
      await database.close();
    }
  });
});
