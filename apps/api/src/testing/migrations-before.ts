/**
 * Testing a migration's backfill: a database migrated as one deployed before the migration was (`migrationsBefore`),
 * given rows the old code wrote, then migrated to now.
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type DatabaseKind, type Db, migrationsFolder } from "../db/client";
import * as schema from "../db/schema";
import { createThrowawayPostgres } from "./database";

/** A copy of the migrations folder as it was before `tag`: what a database deployed then was migrated with. */
export function migrationsBefore(tag: string): string {
  const dir = mkdtempSync(join(tmpdir(), "zz-migrations-before-"));
  cpSync(migrationsFolder, dir, { recursive: true });
  const journalPath = join(dir, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  if (at < 1) throw new Error(`${tag} is not in the journal after an earlier migration`);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

export interface Migratable {
  db: Db;
  migrate(folder: string): Promise<void>;
  close(): Promise<void>;
}

/** A new, empty database of `kind`, migrated only when asked. */
export async function emptyDatabase(kind: DatabaseKind): Promise<Migratable> {
  if (kind === "pglite") {
    const { PGlite } = await import("@electric-sql/pglite");
    const { drizzle } = await import("drizzle-orm/pglite");
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    const client = new PGlite();
    const db = drizzle({ client, schema });
    return {
      db: db as unknown as Db,
      migrate: (folder) => migrate(db, { migrationsFolder: folder }),
      close: () => client.close(),
    };
  }
  const pg = (await import("pg")).default;
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const { migrate } = await import("drizzle-orm/node-postgres/migrator");
  const throwaway = await createThrowawayPostgres(undefined, "classcoin_backfill");
  const pool = new pg.Pool({ connectionString: throwaway.url, max: 2 });
  // Dropping the database (WITH FORCE) can reach a connection the pool is still closing: its "terminating
  // connection" error is expected then, not a failure (a CI run reported it as an unhandled error).
  pool.on("error", () => {});
  const db = drizzle({ client: pool, schema });
  return {
    db: db as unknown as Db,
    migrate: (folder) => migrate(db, { migrationsFolder: folder }),
    async close() {
      await pool.end();
      await throwaway.drop();
    },
  };
}
