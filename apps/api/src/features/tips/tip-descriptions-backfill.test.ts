/**
 * Migration 0020: a tip reported after the indexer had written its Transfer left the explorer row a project tip
 * with no description (send-coin set only the type). The migration gives such rows their tip's project; other
 * rows keep theirs.
 */
import { rmSync } from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { migrationsFolder } from "../../db/client";
import { queryRows } from "../../db/raw-rows";
import { testDatabaseKinds } from "../../testing/database";
import { emptyDatabase, migrationsBefore } from "../../testing/migrations-before";

const MIGRATION = "0020_tip_descriptions";
const before = migrationsBefore(MIGRATION);
afterAll(() => rmSync(before, { recursive: true, force: true }));

describe.each(testDatabaseKinds())(`migration ${MIGRATION} on %s`, (kind) => {
  it("describes the project tips indexed before their tip was reported, and nothing else", async () => {
    const database = await emptyDatabase(kind);
    try {
      const { db } = database;
      await database.migrate(before);
      const wallet = (n: number) => `0x${String(n).padStart(40, "0")}`;
      const hash = (n: number) => `0x${String(n).repeat(64)}`;
      const [project] = await queryRows<{ id: string | number }>(
        db,
        sql`INSERT INTO projects (author_wallet, project_number, title, image)
            VALUES (${wallet(1)}, 3, 'Landscape', 'a.webp') RETURNING id`,
      );
      const row = async (n: number, type: string, description: string | null) => {
        await db.execute(sql`
          INSERT INTO transactions (type, from_wallet, to_wallet, amount, amount_wei, timestamp, description, tx_hash,
                                    log_index, block_number)
          VALUES (${type}, ${wallet(2)}, ${wallet(1)}, 2, '2000000000000000000', now(), ${description}, ${hash(n)}, 0, ${n})`);
      };
      // As the old send-coin left it (indexed first), one the indexer described, and a plain transfer.
      await row(1, "project_tip", null);
      await row(2, "project_tip", "Tip for project #3");
      await row(3, "transfer", null);
      for (const n of [1, 2]) {
        await db.execute(sql`
          INSERT INTO tips (project_id, from_wallet, to_wallet, amount, amount_wei, tx_hash, log_index)
          VALUES (${Number(project!.id)}, ${wallet(2)}, ${wallet(1)}, 2, '2000000000000000000', ${hash(n)}, 0)`);
      }

      await database.migrate(migrationsFolder);
      const rows = await queryRows<{ type: string; description: string | null }>(
        db,
        sql`SELECT type, description FROM transactions ORDER BY block_number`,
      );
      expect(rows).toEqual([
        { type: "project_tip", description: "Tip for project #3" },
        { type: "project_tip", description: "Tip for project #3" },
        { type: "transfer", description: null },
      ]);
    } finally {
      await database.close();
    }
  });
});
