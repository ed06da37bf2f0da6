/**
 * A fresh, migrated database for one test: in-memory PGlite always, and a throw-away PostgreSQL database
 * when TEST_DATABASE_URL is set (CI sets it), so every API test runs on both engines.
 * `createThrowawayPostgres` is the one way tests, stress runs and benchmarks make (and drop) such a database.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { type Database, type DatabaseKind, openPglite, openPostgres } from "../db/client";

export function testDatabaseKinds(): DatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];
}

export interface ThrowawayPostgres {
  name: string;
  /** The new database's URL (the admin URL with its path replaced). */
  url: string;
  /** Drops the database, closing any connection still open to it. */
  drop(): Promise<void>;
}

async function asAdmin(adminUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect().catch((error: Error) => {
    throw new Error(`Cannot reach PostgreSQL at ${adminUrl} to create a throw-away database: ${error.message}`);
  });
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** Creates an empty database `<prefix>_<random>` on the server of `adminUrl` (default TEST_DATABASE_URL). */
export async function createThrowawayPostgres(
  adminUrl = process.env.TEST_DATABASE_URL,
  prefix = "classcoin_test",
): Promise<ThrowawayPostgres> {
  if (!adminUrl) throw new Error("TEST_DATABASE_URL is not set; cannot create a PostgreSQL test database");
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  await asAdmin(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => asAdmin(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

export async function createTestDatabase(kind: DatabaseKind): Promise<Database> {
  if (kind === "pglite") return openPglite();
  const throwaway = await createThrowawayPostgres();
  const database = await openPostgres(throwaway.url);
  return {
    ...database,
    async close() {
      await database.close();
      await throwaway.drop();
    },
  };
}
