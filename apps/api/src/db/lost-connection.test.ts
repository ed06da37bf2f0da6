/**
 * PostgreSQL terminating a connection (a restart, a failover, an operator's pg_terminate_backend) while the app
 * holds it checked out and idle, as a transaction does between two queries while it waits for the chain: the
 * transaction fails, the process lives on, and the pool serves the next query on a fresh connection. Before,
 * the client's unhandled 'error' event ended the process (Vitest reports it as an unhandled error).
 */
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createThrowawayPostgres, type ThrowawayPostgres } from "../testing/database";
import { type Database, openPostgres } from "./client";
import { queryRows } from "./raw-rows";

describe.runIf(process.env.TEST_DATABASE_URL)("a lost PostgreSQL connection", () => {
  let throwaway: ThrowawayPostgres | undefined;
  let database: Database | undefined;
  beforeAll(async () => {
    throwaway = await createThrowawayPostgres(undefined, "classcoin_lostconn");
    database = await openPostgres(throwaway.url, { poolSize: 2 });
  });
  afterAll(async () => {
    await database?.close();
    await throwaway?.drop();
  });

  async function terminate(pid: number): Promise<void> {
    const admin = new pg.Client({ connectionString: throwaway!.url });
    await admin.connect();
    try {
      await admin.query("SELECT pg_terminate_backend($1)", [pid]);
    } finally {
      await admin.end();
    }
  }

  it("behavior: terminated while checked out and idle in a transaction: that transaction fails, the server goes on", async () => {
    const { db } = database!;
    const failed = await db
      .transaction(async (tx) => {
        const [row] = await queryRows<{ pid: number }>(tx, sql`SELECT pg_backend_pid() AS pid`);
        await terminate(row!.pid);
        // The backend's goodbye arrives while no query is waiting: the client emits 'error' on its own.
        await new Promise((resolve) => setTimeout(resolve, 300));
        await tx.execute(sql`SELECT 1`);
      })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(failed).toBeInstanceOf(Error);
    const [after] = await queryRows<{ ok: number }>(db, sql`SELECT 1 AS ok`);
    expect(after).toEqual({ ok: 1 });
  });
});
