/**
 * One Drizzle database over either embedded PGlite (default, `DATA_DIR/pglite`) or PostgreSQL
 * (`DATABASE_URL`). Both speak the same SQL and share one set of migrations, applied at open.
 */
import { mkdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import { migratePostgres } from "./migrate";
import * as schema from "./schema";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseKind = "pglite" | "postgres";

export interface Database {
  db: Db;
  kind: DatabaseKind;
  close(): Promise<void>;
}

export const migrationsFolder = resolve(dirname(fileURLToPath(import.meta.url)), "migrations");

export async function openPglite(dataDir?: string): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // Loaded only when used: a server on PostgreSQL starts without parsing the embedded engine.
  const { PGlite } = await import("@electric-sql/pglite");
  const client = dataDir ? new PGlite(dataDir) : new PGlite();
  await client.waitReady;
  return openPgliteClient(client);
}

export async function openPgliteClient(client: PGlite): Promise<Database> {
  const [{ drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import("drizzle-orm/pglite"),
    import("drizzle-orm/pglite/migrator"),
  ]);
  const db = drizzlePglite({ client, schema });
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Db, kind: "pglite", close: () => client.close() };
}

export async function openPostgres(connectionString: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: poolSize });
  // An idle client that loses its server must not crash the process; the next query reports the error.
  pool.on("error", () => {});
  const db = drizzlePg({ client: pool, schema });
  try {
    await migratePostgres(pool, migrationsFolder);
  } catch (error) {
    await pool.end().catch(() => {});
    throw error;
  }
  return { db: db as unknown as Db, kind: "postgres", close: () => pool.end() };
}

export function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(join(options.dataDir, "pglite"));
}
