/**
 * The statement cache (statement-cache.ts) on a real PostgreSQL session: parameterised queries are prepared
 * once under a `cc_` name and reused, parameterless texts (migrations, several statements) stay unnamed, the
 * per-connection cap holds, and a failed or re-planned statement keeps working. PostgreSQL only: runs when
 * TEST_DATABASE_URL is set, like every PostgreSQL variant of the API suites.
 *
 * Each test opens its own pool of one connection, so every query of the test, and `pg_prepared_statements`
 * (which lists the current session's statements), is on the same fresh session.
 */
import { eq, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createThrowawayPostgres, type ThrowawayPostgres } from "../testing/database";
import { type Database, type Db, openPostgres } from "./client";
import { queryRows } from "./raw-rows";
import { profiles } from "./schema";
import { STATEMENTS_PER_CONNECTION } from "./statement-cache";

interface Prepared {
  name: string;
  statement: string;
}

/** The cache's statements on this session; the query has no parameters, so reading adds none. */
function cachedStatements(db: Pick<Db, "execute">): Promise<Prepared[]> {
  return queryRows<Prepared>(
    db,
    sql`SELECT name, statement FROM pg_prepared_statements WHERE starts_with(name, 'cc_') ORDER BY name`,
  );
}

async function preparedAs(db: Pick<Db, "execute">, text: string): Promise<Prepared[]> {
  return (await cachedStatements(db)).filter((s) => s.statement === text);
}

async function backendPid(db: Pick<Db, "execute">): Promise<number> {
  const [row] = await queryRows<{ pid: number }>(db, sql`SELECT pg_backend_pid() AS pid`);
  return row!.pid;
}

describe.runIf(process.env.TEST_DATABASE_URL)("statement cache on PostgreSQL", () => {
  let throwaway: ThrowawayPostgres | undefined;

  beforeAll(async () => {
    throwaway = await createThrowawayPostgres(undefined, "classcoin_stmtcache");
    // Migrate once here, so each test's own pool starts on a migrated database.
    const migrated = await openPostgres(throwaway.url, { poolSize: 1 });
    await migrated.close();
  });

  afterAll(async () => {
    await throwaway?.drop();
  });

  /** Runs `check` on a new pool of one connection, and makes sure it stayed one session throughout. */
  async function onOneSession(check: (db: Db) => Promise<void>): Promise<void> {
    const database: Database = await openPostgres(throwaway!.url, { poolSize: 1 });
    try {
      const pid = await backendPid(database.db);
      await check(database.db);
      expect(await backendPid(database.db), "every query ran on the same session").toBe(pid);
    } finally {
      await database.close();
    }
  }

  it("behavior: a parameterised read is prepared once under a cc_ name and reused with new values", async () => {
    await onOneSession(async (db) => {
      await db.insert(profiles).values([
        { wallet: "0xada", name: "Ada", birthday: "1815-12-10", starSign: "Sagittarius" },
        { wallet: "0xgrace", name: "Grace", birthday: "1906-12-09", starSign: "Sagittarius" },
      ]);
      const read = (wallet: string) =>
        db.select({ name: profiles.name }).from(profiles).where(eq(profiles.wallet, wallet));
      const text = read("").toSQL().sql;

      expect(await read("0xada")).toEqual([{ name: "Ada" }]);
      const prepared = await preparedAs(db, text);
      expect(prepared).toEqual([{ name: expect.stringMatching(/^cc_[0-9a-f]+$/), statement: text }]);
      const before = await cachedStatements(db);

      expect(await read("0xgrace")).toEqual([{ name: "Grace" }]);
      expect(await read("0xada")).toEqual([{ name: "Ada" }]);
      expect(await preparedAs(db, text), "the same statement, not a second one").toEqual(prepared);
      expect(await cachedStatements(db)).toEqual(before);

      // A raw parameterised `execute` takes the same path.
      for (const n of [1, 2]) {
        expect(await queryRows<{ n: number }>(db, sql`SELECT ${n}::int AS n`)).toEqual([{ n }]);
      }
      expect(await preparedAs(db, "SELECT $1::int AS n")).toHaveLength(1);
    });
  });

  it("behavior: a parameterless text of several statements still runs and is not prepared", async () => {
    await onOneSession(async (db) => {
      const before = await cachedStatements(db);
      const results = (await db.execute(sql.raw("SELECT 1 AS a; SELECT 2 AS b"))) as unknown as {
        rows: unknown[];
      }[];
      expect(results.map((r) => r.rows)).toEqual([[{ a: 1 }], [{ b: 2 }]]);
      expect(await cachedStatements(db)).toEqual(before);
    });
  });

  it(`behavior: at most ${STATEMENTS_PER_CONNECTION} statements are prepared per connection, later texts run unnamed`, async () => {
    await onOneSession(async (db) => {
      const already = (await cachedStatements(db)).length;
      expect(already).toBeLessThan(STATEMENTS_PER_CONNECTION);
      const shape = (i: number) => sql`SELECT ${i}::int + ${sql.raw(String(i))} AS n`;
      const dialect = new PgDialect();
      const texts: string[] = [];
      const total = STATEMENTS_PER_CONNECTION + 10;
      for (let i = 0; i < total; i++) {
        texts.push(dialect.sqlToQuery(shape(i)).sql);
        expect(await queryRows<{ n: number }>(db, shape(i))).toEqual([{ n: 2 * i }]);
      }
      expect(new Set(texts).size, "every text differs").toBe(total);

      const cached = await cachedStatements(db);
      expect(cached).toHaveLength(STATEMENTS_PER_CONNECTION);
      const preparedTexts = new Set(cached.map((s) => s.statement));
      const room = STATEMENTS_PER_CONNECTION - already;
      expect(
        texts.filter((t) => preparedTexts.has(t)),
        "the first texts took the room there was",
      ).toEqual(texts.slice(0, room));

      // Both kinds keep answering: a prepared text and one past the cap, and neither adds a statement.
      expect(await queryRows<{ n: number }>(db, shape(0))).toEqual([{ n: 0 }]);
      expect(await queryRows<{ n: number }>(db, shape(total - 1))).toEqual([{ n: 2 * (total - 1) }]);
      expect(await queryRows<{ n: number }>(db, shape(total))).toEqual([{ n: 2 * total }]);
      expect(await cachedStatements(db)).toEqual(cached);
    });
  });

  it("behavior: a statement that failed to prepare reports PostgreSQL's error and is parsed afresh next time", async () => {
    await onOneSession(async (db) => {
      const text = "SELECT label FROM late_widgets WHERE id = $1";
      const read = (on: Pick<Db, "execute">) =>
        queryRows<{ label: string }>(on, sql`SELECT label FROM late_widgets WHERE id = ${1}`);
      const missing = { cause: { code: "42P01", message: 'relation "late_widgets" does not exist' } };
      // In a transaction, each failure under a savepoint: a failed `pool.query` would make pg-pool discard
      // the connection, and the retry would then start on a new session, proving nothing about the name.
      await db.transaction(async (tx) => {
        // Twice: the name was sent once already, yet the server never kept it.
        for (let attempt = 1; attempt <= 2; attempt++) {
          await expect(tx.transaction((savepoint) => read(savepoint))).rejects.toMatchObject(missing);
        }
        expect(await preparedAs(tx, text)).toEqual([]);

        await tx.execute(sql.raw("CREATE TABLE late_widgets (id int PRIMARY KEY, label text NOT NULL)"));
        await tx.execute(sql.raw("INSERT INTO late_widgets VALUES (1, 'first')"));
        expect(await read(tx)).toEqual([{ label: "first" }]);
      });
      expect(await read(db)).toEqual([{ label: "first" }]);
      expect(await preparedAs(db, text)).toEqual([{ name: expect.stringMatching(/^cc_/), statement: text }]);
    });
  });

  it("behavior: a prepared read that lists its columns keeps working after its table gains a column", async () => {
    await onOneSession(async (db) => {
      await db.execute(sql.raw("CREATE TABLE growing (id int PRIMARY KEY, label text NOT NULL)"));
      await db.execute(sql.raw("INSERT INTO growing VALUES (1, 'one'), (2, 'two')"));
      const read = (id: number) =>
        queryRows<{ id: number; label: string }>(db, sql`SELECT id, label FROM growing WHERE id = ${id}`);
      const text = "SELECT id, label FROM growing WHERE id = $1";

      expect(await read(1)).toEqual([{ id: 1, label: "one" }]);
      const prepared = await preparedAs(db, text);
      expect(prepared).toHaveLength(1);

      await db.execute(sql.raw("ALTER TABLE growing ADD COLUMN note text NOT NULL DEFAULT 'new'"));
      expect(await read(2)).toEqual([{ id: 2, label: "two" }]);
      expect(await read(1)).toEqual([{ id: 1, label: "one" }]);
      expect(await preparedAs(db, text), "re-planned in place, not prepared again").toEqual(prepared);
    });
  });

  it("behavior: a parameterised query inside a transaction is prepared and answers correctly", async () => {
    await onOneSession(async (db) => {
      const text = "SELECT $1::int + 1 AS n";
      const inside = await db.transaction(async (tx) => {
        const rows = await queryRows<{ n: number }>(tx, sql`SELECT ${41}::int + 1 AS n`);
        return { rows, prepared: await preparedAs(tx, text) };
      });
      expect(inside.rows).toEqual([{ n: 42 }]);
      expect(inside.prepared).toEqual([{ name: expect.stringMatching(/^cc_/), statement: text }]);

      // Outside the transaction the same text reuses the statement.
      expect(await queryRows<{ n: number }>(db, sql`SELECT ${9}::int + 1 AS n`)).toEqual([{ n: 10 }]);
      expect(await preparedAs(db, text)).toEqual(inside.prepared);
    });
  });

  it("behavior: a statement first prepared in a transaction that rolled back is still usable after it", async () => {
    await onOneSession(async (db) => {
      const text = "SELECT $1::int * 6 AS n";
      await expect(
        db.transaction(async (tx) => {
          expect(await queryRows<{ n: number }>(tx, sql`SELECT ${7}::int * 6 AS n`)).toEqual([{ n: 42 }]);
          tx.rollback();
        }),
      ).rejects.toThrow("Rollback");
      // Prepared statements are not transactional: the name pg remembers as parsed is still on the server.
      expect(await preparedAs(db, text)).toHaveLength(1);
      expect(await queryRows<{ n: number }>(db, sql`SELECT ${8}::int * 6 AS n`)).toEqual([{ n: 48 }]);
    });
  });
});
