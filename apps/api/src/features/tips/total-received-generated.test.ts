/**
 * Migration 0015: `projects.total_received` is computed by the database from `total_received_wei` (a stored
 * generated column), so the two can never drift apart: a change of the wei shows in the figure at once, and
 * nothing can write the figure itself. The migration keeps what every project read before it, giving a figure
 * that did not match its wei (a project without tips, written by a fixture or an older version) its wei.
 */
import { rmSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { migrationsFolder } from "../../db/client";
import { queryRows } from "../../db/raw-rows";
import { projects } from "../../db/schema";
import { weiOfCc } from "../../db/wei";
import { testDatabaseKinds } from "../../testing/database";
import { emptyDatabase, migrationsBefore } from "../../testing/migrations-before";

const MIGRATION = "0015_projects_total_received_generated";
const before = migrationsBefore(MIGRATION);
afterAll(() => rmSync(before, { recursive: true, force: true }));

const wallet = (n: number) => `0x${String(n).padStart(40, "0")}`;
/** PostgreSQL's refusal to write a generated column (`cannot insert a non-DEFAULT value into column …`). */
const refused = { cause: { code: "428C9" } };

describe.each(testDatabaseKinds())(`migration ${MIGRATION} on %s`, (kind) => {
  it("keeps every project's CC received, and makes it the wei's", async () => {
    const database = await emptyDatabase(kind);
    try {
      const { db } = database;
      await database.migrate(before);
      // [title, total_received, total_received_wei] as rows stood before 0015: matching (what the tips service
      // and 0014 wrote) or not (a figure without tips, including drift a running sum of doubles left).
      const written: [string, number, string][] = [
        ["Tipped", 3.3, "3300000000000000000"],
        ["Untipped", 0, "0"],
        ["Big", 123456.789, "123456789000000000000000"],
        ["Fixture, no tips", 4, "0"],
        ["Drifted, no tips", 0.1 + 0.2, "0"],
        ["Drifted, other wei", 1.1 + 2.2, "3300000000000000000"],
      ];
      for (const [i, [title, total, wei]] of written.entries()) {
        await db.execute(sql`
          INSERT INTO projects (author_wallet, project_number, title, image, total_received, total_received_wei)
          VALUES (${wallet(i + 1)}, 2, ${title}, 'a.webp', ${total}, ${wei})`);
      }
      const read = async () =>
        (
          await queryRows<{ title: string; total: number; wei: string }>(
            db,
            sql`SELECT title, total_received AS total, total_received_wei::text AS wei FROM projects ORDER BY id`,
          )
        ).map((r) => [r.title, r.total, r.wei]);
      expect(await read()).toEqual(written);

      await database.migrate(migrationsFolder);

      expect(await read()).toEqual([
        ["Tipped", 3.3, "3300000000000000000"],
        ["Untipped", 0, "0"],
        ["Big", 123456.789, "123456789000000000000000"],
        ["Fixture, no tips", 4, "4000000000000000000"],
        ["Drifted, no tips", 0.30000000000000004, "300000000000000040"],
        ["Drifted, other wei", 3.3000000000000003, "3300000000000000300"],
      ]);
      const [column] = await queryRows<{ generated: string; nullable: string; expression: string }>(
        db,
        sql`SELECT is_generated AS generated, is_nullable AS nullable, generation_expression AS expression
              FROM information_schema.columns WHERE table_name = 'projects' AND column_name = 'total_received'`,
      );
      expect(column).toMatchObject({ generated: "ALWAYS", nullable: "NO" });
      expect(column?.expression).toContain("total_received_wei");
    } finally {
      await database.close();
    }
  }, 60_000);

  it("follows total_received_wei, and refuses a write of its own", async () => {
    const database = await emptyDatabase(kind);
    try {
      const { db } = database;
      await database.migrate(migrationsFolder);
      const [project] = await db
        .insert(projects)
        .values({
          authorWallet: wallet(1),
          projectNumber: 2,
          title: "Kite",
          image: "k.webp",
          totalReceivedWei: weiOfCc(1.1),
        })
        .returning({ id: projects.id, total: projects.totalReceived });
      expect(project?.total).toBe(1.1);
      const id = project!.id;
      const total = async () =>
        (await db.select({ total: projects.totalReceived }).from(projects).where(eq(projects.id, id)))[0]?.total;

      // As a tip does (raw SQL and Drizzle alike): the figure is the exact sum's, not 1.1 + 2.2.
      await db.execute(sql`UPDATE projects SET total_received_wei = total_received_wei + ${weiOfCc(2.2)}::numeric
                            WHERE id = ${id}`);
      expect(await total()).toBe(3.3);
      const [updated] = await db
        .update(projects)
        .set({ totalReceivedWei: sql`${projects.totalReceivedWei} - ${weiOfCc(3.3)}::numeric` })
        .where(eq(projects.id, id))
        .returning({ total: projects.totalReceived });
      expect(updated?.total).toBe(0);

      // Writing the figure itself is refused, and leaves it as it was.
      await expect(db.execute(sql`UPDATE projects SET total_received = 5 WHERE id = ${id}`)).rejects.toMatchObject(
        refused,
      );
      await expect(
        db.execute(sql`INSERT INTO projects (author_wallet, project_number, title, image, total_received)
                       VALUES (${wallet(2)}, 2, 'Moth', 'm.webp', 5)`),
      ).rejects.toMatchObject(refused);
      expect(await total()).toBe(0);
      expect((await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM projects`))[0]?.n).toBe(1);
    } finally {
      await database.close();
    }
  }, 60_000);
});
