/**
 * Migration 0018 (live_events.commit_seq): the stream's event id becomes the event's place in commit order. A
 * browser connected before the deploy holds a row id as its Last-Event-ID: the events kept keep their ids as
 * their numbers, and every event after is numbered above every id handed out, so that browser still catches up.
 */
import { rmSync } from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { migrationsFolder } from "../db/client";
import { queryRows } from "../db/raw-rows";
import { testDatabaseKinds } from "../testing/database";
import { emptyDatabase, migrationsBefore } from "../testing/migrations-before";

const MIGRATION = "0018_live_events_commit_seq";
const before = migrationsBefore(MIGRATION);
afterAll(() => {
  rmSync(before, { recursive: true, force: true });
});

const bounty = (bountyId: string) => JSON.stringify({ type: "bounty.changed", bountyId, status: null });

describe.each(testDatabaseKinds())(`migration ${MIGRATION} on %s`, (kind) => {
  it("numbers the events kept by their ids and the new ones after every id handed out", async () => {
    const database = await emptyDatabase(kind);
    try {
      const { db } = database;
      await database.migrate(before);
      const insert = (bountyId: string) =>
        db.execute(sql`INSERT INTO live_events (type, data) VALUES ('bounty.changed', ${bounty(bountyId)}::jsonb)`);
      await insert("a");
      await insert("b");
      // An id handed out and never committed (a rolled-back write): the numbers go on above it all the same, as
      // they go on above any id a browser may hold.
      await db
        .transaction(async (tx) => {
          await tx.execute(
            sql`INSERT INTO live_events (type, data) VALUES ('bounty.changed', ${bounty("rolled back")}::jsonb)`,
          );
          throw new Error("rolled back");
        })
        .catch(() => {});

      await database.migrate(migrationsFolder);
      await insert("c");
      const rows = await queryRows<{ id: string | number; commit_seq: string | number; bounty: string }>(
        db,
        sql`SELECT id, commit_seq, data->>'bountyId' AS bounty FROM live_events ORDER BY commit_seq`,
      );
      expect(rows.map((r) => [r.bounty, Number(r.id), Number(r.commit_seq)])).toEqual([
        ["a", 1, 1],
        ["b", 2, 2],
        // Id 3 went to the rolled-back write; "c" has id 4, and a number above 3.
        ["c", 4, 4],
      ]);
    } finally {
      await database.close();
    }
  });
});
