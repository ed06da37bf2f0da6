/**
 * Migration 0013 (prediction_results): a database deployed before it has closed rounds without a recorded
 * result. The migration records theirs from the totals as they stand when it runs (the figures at their close
 * were never kept), with the submissions and the rule the live page used (active submissions by active
 * profiles; the most received wins, ties all win, none when nothing was received), and none for a round not
 * closed. From then on those rounds are answered from the record: a later tip changes nothing.
 */
import { rmSync } from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { migrationsFolder } from "../../db/client";
import { queryRows } from "../../db/raw-rows";
import { weiOfCc } from "../../db/wei";
import { testDatabaseKinds } from "../../testing/database";
import { emptyDatabase, migrationsBefore } from "../../testing/migrations-before";
import { getRound } from "./service";

const MIGRATION = "0013_prediction_results";

const before = migrationsBefore(MIGRATION);
afterAll(() => rmSync(before, { recursive: true, force: true }));

describe.each(testDatabaseKinds())(`migration ${MIGRATION} on %s`, (kind) => {
  it("records the result of every round already closed from the totals at migration time", async () => {
    const database = await emptyDatabase(kind);
    try {
      const { db } = database;
      await database.migrate(before);
      const wallet = (n: number) => `0x${String(n).padStart(40, "0")}`;
      await db.execute(sql`
        INSERT INTO profiles (wallet, name, birthday, star_sign, archived) VALUES
          (${wallet(1)}, 'Alice', '2010-01-01', 'Leo', false),
          (${wallet(2)}, 'Bob', '2010-01-01', 'Leo', false),
          (${wallet(3)}, 'Carol (archived)', '2010-01-01', 'Leo', true),
          (${wallet(4)}, 'Dave', '2010-01-01', 'Leo', false)`);
      const submit = async (author: number, projectNumber: number, total: number, archived = false) => {
        const [row] = await queryRows<{ id: string | number }>(
          db,
          sql`INSERT INTO projects (author_wallet, project_number, title, image, total_received, archived)
              VALUES (${wallet(author)}, ${projectNumber}, ${`P${projectNumber} by ${author}`}, 'x.webp', ${total},
                      ${archived})
              RETURNING id`,
        );
        return Number(row!.id);
      };
      // Project 2, closed: Alice and Bob tie at 5; Carol's profile and Dave's submission are archived, so
      // neither was ranked (even with more CC). Project 3, still open: no result yet. Project 4, closed with
      // nothing received: ranked, nobody won.
      const alice2 = await submit(1, 2, 5);
      const bob2 = await submit(2, 2, 5);
      await submit(3, 2, 9);
      await submit(4, 2, 12, true);
      await submit(1, 3, 4);
      const alice4 = await submit(1, 4, 0);
      const dave4 = await submit(4, 4, 0);
      await submit(1, 1, 100);
      await db.execute(sql`
        INSERT INTO prediction_rounds (project_number, open, opened_at, closed_at) VALUES
          (2, false, now() - interval '2 days', now() - interval '1 day'),
          (3, true, now(), NULL),
          (4, false, now() - interval '2 days', now() - interval '1 day')`);
      await db.execute(sql`INSERT INTO predictions (project_number, predictor_wallet, project_id)
                           VALUES (2, ${wallet(4)}, ${alice2})`);

      await database.migrate(migrationsFolder);

      const rows = await queryRows<{ project_number: number; project_id: string | number; total: number; w: boolean }>(
        db,
        sql`SELECT project_number, project_id, total_received AS total, winner AS w
              FROM prediction_results ORDER BY project_number, project_id`,
      );
      expect(rows.map((r) => [r.project_number, Number(r.project_id), r.total, r.w])).toEqual([
        [2, alice2, 5, true],
        [2, bob2, 5, true],
        [4, alice4, 0, false],
        [4, dave4, 0, false],
      ]);

      // A tip after the migration (raising the wei, which `total_received` is computed from since 0015): the
      // rounds are answered from their record.
      await db.execute(
        sql`UPDATE projects SET total_received_wei = total_received_wei + ${weiOfCc(1)}::numeric WHERE id = ${bob2}`,
      );
      const [bob] = await queryRows<{ total: number }>(
        db,
        sql`SELECT total_received AS total FROM projects WHERE id = ${bob2}`,
      );
      expect(bob?.total).toBe(6);
      const two = await getRound(db, 2, null);
      expect(two.winners).toEqual([String(alice2), String(bob2)]);
      expect(two.candidates.map((c) => [c.projectId, c.totalReceived])).toEqual([
        [String(alice2), 5],
        [String(bob2), 5],
      ]);
      expect(two.predictions.map((p) => p.correct)).toEqual([true]);
      expect((await getRound(db, 4, null)).winners).toEqual([]);
      expect((await getRound(db, 3, null)).status).toBe("open");
    } finally {
      await database.close();
    }
  }, 60_000);
});
