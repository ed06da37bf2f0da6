/**
 * Migrations on PostgreSQL under an advisory lock: several instances started at once on a fresh database
 * take turns (the first applies the migrations, the others find them applied), instead of racing on
 * `CREATE SCHEMA`/`CREATE TABLE` and failing on PostgreSQL's catalog (`duplicate key … pg_type_typname_nsp_index`).
 * The lock is session-level on one dedicated connection, so it is released even if the process dies mid-way.
 */
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import type pg from "pg";

/** pg_advisory_lock key for migrations ("ccmg"); the indexer's keys are elsewhere. */
export const MIGRATION_LOCK = 0x6363_6d67;

export async function migratePostgres(pool: pg.Pool, migrationsFolder: string): Promise<void> {
  const client = await pool.connect();
  try {
    // Migrations may rewrite a large table, and an instance waits here while another migrates: no time limit
    // (db/statement-timeout.ts) for this connection, which is closed after (a new one gets the pool's limit).
    await client.query("SET statement_timeout = 0");
    await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
    try {
      await migrate(drizzle({ client }), { migrationsFolder });
    } finally {
      // Closing the connection below would release it too; unlocking first lets a waiting instance go at once.
      await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => {});
    }
  } finally {
    // Closed, not pooled: it has no statement time limit, and one whose unlock failed would still hold the lock.
    client.release(true);
  }
}
