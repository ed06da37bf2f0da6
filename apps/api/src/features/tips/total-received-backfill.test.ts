/**
 * Migration 0014 (projects.total_received_wei): a database deployed before it kept each project's CC received as
 * a running sum of doubles (1.1 + 2.2 = 3.3000000000000003). The migration sums the project's tips exactly and
 * sets the figure from that sum; a project without tips keeps its figure.
 */
import { rmSync } from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { migrationsFolder } from "../../db/client";
import { queryRows } from "../../db/raw-rows";
import { testDatabaseKinds } from "../../testing/database";
import { emptyDatabase, migrationsBefore } from "../../testing/migrations-before";

const MIGRATION = "0014_projects_total_received_wei";
const before = migrationsBefore(MIGRATION);
/** Up to 0014 included: 0015 then gives a figure without tips its wei (total-received-generated.test.ts). */
const through = migrationsBefore("0015_projects_total_received_generated");
afterAll(() => {
  rmSync(before, { recursive: true, force: true });
  rmSync(through, { recursive: true, force: true });
});

describe.each(testDatabaseKinds())(`migration ${MIGRATION} on %s`, (kind) => {
  it("sets every project's CC received from the exact sum of its tips", async () => {
    const database = await emptyDatabase(kind);
    try {
      const { db } = database;
      await database.migrate(before);
      const wallet = (n: number) => `0x${String(n).padStart(40, "0")}`;
      const project = async (author: number, title: string, total: number) => {
        const [row] = await queryRows<{ id: string | number }>(
          db,
          sql`INSERT INTO projects (author_wallet, project_number, title, image, total_received)
              VALUES (${wallet(author)}, 2, ${title}, 'a.webp', ${total}) RETURNING id`,
        );
        return Number(row!.id);
      };
      // As the old code wrote them: the tips, and their running sum of doubles.
      const twoTips = await project(1, "Two tips", 1.1 + 2.2);
      const oneTip = await project(2, "One tip", 3.3);
      const untipped = await project(3, "Untipped, from a fixture", 4);
      let log = 0;
      for (const [projectId, amount, wei] of [
        [twoTips, 1.1, "1100000000000000000"],
        [twoTips, 2.2, "2200000000000000000"],
        [oneTip, 3.3, "3300000000000000000"],
      ] as const) {
        await db.execute(sql`
          INSERT INTO tips (project_id, from_wallet, to_wallet, amount, amount_wei, tx_hash, log_index)
          VALUES (${projectId}, ${wallet(9)}, ${wallet(8)}, ${amount}, ${wei}, ${`0x${"ab".repeat(32)}`}, ${log++})`);
      }
      expect(1.1 + 2.2).not.toBe(3.3);

      const read = async () =>
        (
          await queryRows<{ id: string | number; total: number; wei: string }>(
            db,
            sql`SELECT id, total_received AS total, total_received_wei::text AS wei FROM projects ORDER BY id`,
          )
        ).map((r) => [Number(r.id), r.total, r.wei]);
      await database.migrate(through);
      expect(await read()).toEqual([
        [twoTips, 3.3, "3300000000000000000"],
        [oneTip, 3.3, "3300000000000000000"],
        [untipped, 4, "0"],
      ]);

      // And on to today: the same figures, each now its wei / 10^18.
      await database.migrate(migrationsFolder);
      expect(await read()).toEqual([
        [twoTips, 3.3, "3300000000000000000"],
        [oneTip, 3.3, "3300000000000000000"],
        [untipped, 4, "4000000000000000000"],
      ]);
    } finally {
      await database.close();
    }
  });
});
