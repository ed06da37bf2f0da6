/**
 * A fresh, migrated database for one test: in-memory PGlite always, and a throw-away PostgreSQL database
 * when TEST_DATABASE_URL is set (CI sets it), so every API test runs on both engines.
 * `createThrowawayPostgres` is the one way tests, stress runs and benchmarks make (and drop) such a database.
 */

import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import pg from "pg";
import {
  type Database,
  type DatabaseKind,
  openPglite,
  openPgliteClient,
  openPostgres,
  pgliteStartParams,
} from "../db/client";
import { DEFAULT_STATEMENT_TIMEOUT_MS } from "../db/statement-timeout";

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

/**
 * Creates a database `<prefix>_<random>` on the server of `adminUrl` (default TEST_DATABASE_URL): empty, or a
 * copy of the database named `template`.
 */
export async function createThrowawayPostgres(
  adminUrl = process.env.TEST_DATABASE_URL,
  prefix = "classcoin_test",
  template?: string,
): Promise<ThrowawayPostgres> {
  if (!adminUrl) throw new Error("TEST_DATABASE_URL is not set; cannot create a PostgreSQL test database");
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  await asAdmin(adminUrl, template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => asAdmin(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

export const PGLITE_TEMPLATE = "classcoinPgliteTemplate";
export const POSTGRES_TEMPLATE = "classcoinPostgresTemplate";

declare module "vitest" {
  export interface ProvidedContext {
    /** The path of the migrated PGlite dump. */
    [PGLITE_TEMPLATE]: string;
    /** The migrated PostgreSQL database's name, or "" without TEST_DATABASE_URL. */
    [POSTGRES_TEMPLATE]: string;
  }
}

/**
 * The api project's migrated databases (./database-templates.ts) when this runs under it: the PGlite dump's
 * path and the PostgreSQL template's name ("" or undefined: none).
 */
async function templates(): Promise<{ pglite?: string; postgres?: string }> {
  if (!process.env.VITEST) return {};
  const { inject } = await import("vitest");
  return { pglite: inject(PGLITE_TEMPLATE), postgres: inject(POSTGRES_TEMPLATE) };
}

let template: Promise<Blob> | undefined;

async function openTestPglite(): Promise<Database> {
  const file = (await templates()).pglite;
  if (!file) return openPglite();
  template ??= readFile(file).then((bytes) => new Blob([bytes]));
  const { PGlite } = await import("@electric-sql/pglite");
  const client = new PGlite({ loadDataDir: await template, startParams: pgliteStartParams(PGlite) });
  await client.waitReady;
  return openPgliteClient(client);
}

export async function createTestDatabase(kind: DatabaseKind): Promise<Database> {
  if (kind === "pglite") return openTestPglite();
  const throwaway = await createThrowawayPostgres(undefined, undefined, (await templates()).postgres || undefined);
  // The server's time limit, so the tests see what production does (a statement that must outlast it opts out).
  const database = await openPostgres(throwaway.url, { statementTimeoutMs: DEFAULT_STATEMENT_TIMEOUT_MS });
  return {
    ...database,
    async close() {
      await database.close();
      await throwaway.drop();
    },
  };
}
