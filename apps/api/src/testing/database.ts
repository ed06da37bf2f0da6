/**
 * A fresh, migrated database for one test: in-memory PGlite always, and a throw-away PostgreSQL database
 * when TEST_DATABASE_URL is set (CI sets it), so every API test runs on both engines.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { type Database, type DatabaseKind, openPglite, openPostgres } from "../db/client";

export function testDatabaseKinds(): DatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];
}

export async function createTestDatabase(kind: DatabaseKind): Promise<Database> {
  if (kind === "pglite") return openPglite();
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DATABASE_URL is not set; cannot create a PostgreSQL test database");
  const name = `classcoin_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString());
  return {
    ...database,
    async close() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      try {
        await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await cleanup.end();
      }
    },
  };
}
