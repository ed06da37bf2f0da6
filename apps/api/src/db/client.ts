/**
 * One Drizzle database over either embedded PGlite (default, `DATA_DIR/pglite`) or PostgreSQL
 * (`DATABASE_URL`). Both speak the same SQL and share one set of migrations, applied at open.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import { listenPostgres } from "./listen";
import { migratePostgres } from "./migrate";
import { builtTemplateDir, findPgliteTemplate } from "./pglite-template";
import * as schema from "./schema";
import { cacheStatements } from "./statement-cache";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** The handle inside `db.transaction(async (tx) => …)`. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type DatabaseKind = "pglite" | "postgres";

/** What `Database.listen` calls: each NOTIFY payload, and (PostgreSQL) after a lost connection came back. */
export interface DatabaseListener {
  onPayload(payload: string): void;
  onReconnect?(): void;
  onError?(error: Error): void;
}

export interface Database {
  db: Db;
  kind: DatabaseKind;
  close(): Promise<void>;
  /**
   * LISTEN on `channel` (NOTIFY from any connection, and on PostgreSQL from any process); resolves to the
   * function that stops listening. Optional, so a hand-made test double need not have it.
   */
  listen?(channel: string, listener: DatabaseListener): Promise<() => Promise<void>>;
}

export const migrationsFolder = resolve(dirname(fileURLToPath(import.meta.url)), "migrations");

/**
 * PGlite in `dataDir` (in memory without one). An empty folder, or memory, gets the build's migrated template
 * (`pglite-template.ts`) when there is a usable one, else initdb. `dataDir.unpacking` marks an unpacking under
 * way: a first start stopped in the middle leaves it, and the next start unpacks again into an emptied folder.
 */
export async function openPglite(dataDir?: string, templateDir = builtTemplateDir): Promise<Database> {
  // Loaded only when used: a server on PostgreSQL starts without parsing the embedded engine.
  const { PGlite } = await import("@electric-sql/pglite");
  const startParams = pgliteStartParams(PGlite);
  if (!dataDir) {
    const template = findPgliteTemplate(templateDir, migrationsFolder);
    const loadDataDir = template ? new Blob([readFileSync(template)]) : undefined;
    return openPgliteClient(new PGlite({ startParams, ...(loadDataDir && { loadDataDir }) }));
  }
  const unpacking = `${dataDir}.unpacking`;
  if (existsSync(unpacking)) rmSync(dataDir, { recursive: true, force: true });
  const template = isEmptyFolder(dataDir) ? findPgliteTemplate(templateDir, migrationsFolder) : undefined;
  mkdirSync(dataDir, { recursive: true });
  if (!template) {
    const client = new PGlite(dataDir, { startParams });
    await client.waitReady;
    return openPgliteClient(client);
  }
  writeFileSync(unpacking, "");
  const client = new PGlite(dataDir, { loadDataDir: new Blob([readFileSync(template)]), startParams });
  try {
    await client.waitReady;
  } catch (error) {
    throw new Error(
      `Could not create the database in ${dataDir} from ${template} (${(error as Error).message}). ` +
        "Run `npm run build` to write the template again, or delete it to create the database without one.",
    );
  }
  const database = await openPgliteClient(client);
  rmSync(unpacking);
  return database;
}

/**
 * PGlite's own start parameters, with a 32 MB buffer pool instead of its 160 MB: the pool is WebAssembly memory
 * the process holds from the start, whether the data needs it or not. A class's data fits in 32 MB many
 * times over, and pages beyond it come from the operating system's file cache. Measured (bench/findings.md,
 * "PGlite's memory and first start"): 109-133 MB less resident memory, cold reads unchanged within the noise.
 */
export function pgliteStartParams(engine: typeof PGlite): string[] {
  return [...engine.defaultStartParams, "-c", "shared_buffers=32MB"];
}

const isEmptyFolder = (dir: string) => !existsSync(dir) || readdirSync(dir).length === 0;

export async function openPgliteClient(client: PGlite): Promise<Database> {
  const [{ drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import("drizzle-orm/pglite"),
    import("drizzle-orm/pglite/migrator"),
  ]);
  const db = drizzlePglite({ client, schema });
  await migratePglite(db, { migrationsFolder });
  return {
    db: db as unknown as Db,
    kind: "pglite",
    close: () => client.close(),
    async listen(channel, listener) {
      const stop = await client.listen(channel, (payload) => listener.onPayload(payload));
      return async () => {
        // Closing the database first ends its listeners too.
        if (!client.closed) await stop();
      };
    },
  };
}

export interface PostgresOptions {
  /** Connections in the pool (default 10). */
  poolSize?: number;
  /** Each statement's time limit in ms (db/statement-timeout.ts); 0 or unset: none. */
  statementTimeoutMs?: number;
}

export async function openPostgres(connectionString: string, options: PostgresOptions = {}): Promise<Database> {
  const { poolSize = 10, statementTimeoutMs = 0 } = options;
  // A server that does not answer a new connection (a host down, packets dropped) fails the request in 10 s
  // with a 503, instead of after the system's TCP timeout, minutes later, with the socket long cut.
  const pool = new pg.Pool({
    connectionString,
    max: poolSize,
    connectionTimeoutMillis: 10_000,
    keepAlive: true,
    // The session's time limit (db/statement-timeout.ts), which `SET LOCAL` lifts for one transaction. A SET,
    // not the startup parameter node-postgres could send: PgBouncer refuses a connection that sends one it does
    // not know. Awaited before the pool hands the connection out; if it fails, the connection is not used.
    onConnect:
      statementTimeoutMs > 0
        ? async (client) => {
            await client.query(`SET statement_timeout = ${Math.max(1, Math.round(statementTimeoutMs))}`);
          }
        : undefined,
  });
  // A client that loses its server must not crash the process; the query waiting on it, or the next one,
  // reports the error (a 503), and the pool drops the client when it is released. The pool listens only to
  // its idle clients: a checked-out one that sat idle between two queries of a transaction (the treasury's,
  // while it asks the chain) emitted an unhandled 'error' when its backend was terminated, and the process
  // exited, every instance at once when PostgreSQL restarted.
  pool.on("error", () => {});
  pool.on("connect", (client) => {
    client.on("error", () => {});
    cacheStatements(client);
  });
  const db = drizzlePg({ client: pool, schema });
  try {
    await migratePostgres(pool, migrationsFolder);
  } catch (error) {
    await pool.end().catch(() => {});
    throw error;
  }
  return {
    db: db as unknown as Db,
    kind: "postgres",
    close: () => pool.end(),
    listen: (channel, listener) => listenPostgres({ connectionString, channel, ...listener }),
  };
}

export function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  statementTimeoutMs?: number;
}): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, { statementTimeoutMs: options.statementTimeoutMs })
    : openPglite(join(options.dataDir, "pglite"));
}
