/**
 * The pool's statement time limit (db/statement-timeout.ts) and the work that must outlast it: a statement past
 * the limit is cancelled; a transaction that opted out runs and waits as long as it needs and leaves the pooled
 * connection with its limit; migrations wait for another instance's migration; a payment waits for the treasury
 * lock another instance holds while it talks to the chain. PostgreSQL only (PGlite has no other session that
 * could hold anything).
 */
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lockTreasury, TREASURY_LOCK } from "../chain/treasury-payments";
import { createThrowawayPostgres, type ThrowawayPostgres } from "../testing/database";
import { type Database, openPostgres } from "./client";
import { MIGRATION_LOCK } from "./migrate";
import { queryRows } from "./raw-rows";
import { allowLongStatements, QUERY_CANCELED } from "./statement-timeout";

const LIMIT_MS = 300;
/** Longer than the limit, so only a wait without it succeeds. */
const HELD_MS = 1_200;

const codeOf = (error: unknown) =>
  (error as { cause?: { code?: string }; code?: string }).cause?.code ?? (error as { code?: string }).code;

/** Another session (another instance) holding `lockSql` for HELD_MS, then letting go. */
async function holdFor(url: string, lockSql: string, params: unknown[]): Promise<{ released: Promise<void> }> {
  const other = new pg.Client({ connectionString: url });
  await other.connect();
  await other.query("BEGIN");
  await other.query(lockSql, params);
  const released = new Promise<void>((resolve) => setTimeout(resolve, HELD_MS)).then(async () => {
    await other.query("COMMIT");
    await other.end();
  });
  return { released };
}

describe.runIf(process.env.TEST_DATABASE_URL)("PostgreSQL statement time limit", () => {
  let throwaway: ThrowawayPostgres | undefined;
  let database: Database | undefined;
  beforeAll(async () => {
    throwaway = await createThrowawayPostgres(undefined, "classcoin_stmt");
    database = await openPostgres(throwaway.url, { poolSize: 2, statementTimeoutMs: LIMIT_MS });
  });
  afterAll(async () => {
    await database?.close();
    await throwaway?.drop();
  });

  it("behavior: migrations wait past the limit for another instance's migration, then open the database", async () => {
    // A fresh, unmigrated database; another instance "is migrating it" for longer than the limit.
    const fresh = await createThrowawayPostgres(undefined, "classcoin_stmt_mig");
    let opened: Database | undefined;
    try {
      const other = new pg.Client({ connectionString: fresh.url });
      await other.connect();
      await other.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
      const released = new Promise((resolve) => setTimeout(resolve, HELD_MS)).then(() => other.end());
      const started = Date.now();
      opened = await openPostgres(fresh.url, { poolSize: 2, statementTimeoutMs: LIMIT_MS });
      await released;
      expect(Date.now() - started).toBeGreaterThanOrEqual(HELD_MS - 50);
      const [row] = await queryRows<{ n: number }>(opened.db, sql`SELECT count(*)::int AS n FROM posts`);
      expect(row).toEqual({ n: 0 });
      // The migration's connection went back to the pool with its limit.
      const slow = sql`SELECT pg_sleep(${(LIMIT_MS * 2) / 1000})`;
      const db = opened.db;
      const codes = await Promise.all([db.execute(slow), db.execute(slow)].map((p) => p.then(() => "ran", codeOf)));
      expect(codes).toEqual([QUERY_CANCELED, QUERY_CANCELED]);
    } finally {
      await opened?.close();
      await fresh.drop();
    }
  });

  it("behavior: a statement past the limit is cancelled (57014); one that opted out runs; the connection keeps its limit", async () => {
    const { db } = database!;
    const slow = sql`SELECT pg_sleep(${(LIMIT_MS * 2) / 1000})`;
    const cancelled = await db.execute(slow).then(
      () => null,
      (error: unknown) => error,
    );
    expect(codeOf(cancelled)).toBe(QUERY_CANCELED);
    await db.transaction(async (tx) => {
      await allowLongStatements(tx);
      await tx.execute(slow);
    });
    // Both pooled connections: the opt-out ended with its transaction.
    const after = await Promise.all([db.execute(slow), db.execute(slow)].map((p) => p.then(() => "ran", codeOf)));
    expect(after).toEqual([QUERY_CANCELED, QUERY_CANCELED]);
  });

  it("behavior: a payment waits past the limit for the treasury lock another instance holds while it broadcasts", async () => {
    const { db } = database!;
    const treasury = "0x00000000000000000000000000000000000000aa";
    const { released } = await holdFor(throwaway!.url, "SELECT pg_advisory_xact_lock($1, hashtext($2))", [
      TREASURY_LOCK,
      treasury,
    ]);
    const started = Date.now();
    await db.transaction(async (tx) => {
      await lockTreasury(tx, treasury);
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(HELD_MS - 100);
    await released;
  });
});
