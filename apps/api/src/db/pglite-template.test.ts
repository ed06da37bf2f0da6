/**
 * The first-start template (pglite-template.ts): an empty data folder becomes a copy of the build's migrated
 * database, a stale template is passed over, and a first start stopped while unpacking is redone. Which way a
 * folder was made shows in its cluster's system identifier: initdb draws a new one, a copy keeps the template's.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, migrationsFolder, openPglite } from "./client";
import { findPgliteTemplate, TEMPLATE_MANIFEST } from "./pglite-template";
import { queryRows } from "./raw-rows";
import { whitelist } from "./schema";
import { writePgliteTemplate } from "./write-pglite-template";

const root = mkdtempSync(join(tmpdir(), "classcoin-pglite-template-test-"));
const templateDir = join(root, "dist");
const journal = JSON.parse(readFileSync(join(migrationsFolder, "meta/_journal.json"), "utf8")) as {
  entries: unknown[];
};

async function facts(database: Database) {
  const [control] = await queryRows<{ id: string }>(
    database.db,
    sql`SELECT system_identifier::text AS id FROM pg_control_system()`,
  );
  const [migrations] = await queryRows<{ n: number }>(
    database.db,
    sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`,
  );
  return { systemIdentifier: control?.id, migrations: migrations?.n };
}

let templateIdentifier: string | undefined;

beforeAll(async () => {
  mkdirSync(templateDir);
  await writePgliteTemplate(templateDir);
}, 120_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("PGlite's first start from the build's template", () => {
  it("an empty folder (or memory) becomes a migrated copy of the template, which then keeps what is written to it", async () => {
    expect(findPgliteTemplate(templateDir, migrationsFolder)).toBe(join(templateDir, "pglite-template.tar.gz"));
    const first = join(root, "first/pglite");
    mkdirSync(first, { recursive: true }); // an existing empty folder, as a mounted volume would be
    let database = await openPglite(first, templateDir);
    const opened = await facts(database);
    expect(opened.migrations).toBe(journal.entries.length);
    const [buffers] = await queryRows<{ shared_buffers: string }>(database.db, sql`SHOW shared_buffers`);
    expect(buffers?.shared_buffers, "PGlite's buffer pool (pgliteStartParams)").toBe("32MB");
    expect(existsSync(`${first}.unpacking`)).toBe(false);
    await database.db.insert(whitelist).values({ wallet: "0x00000000000000000000000000000000000000aa" });
    await database.close();

    database = await openPglite(first, templateDir);
    expect(await database.db.select({ wallet: whitelist.wallet }).from(whitelist)).toEqual([
      { wallet: "0x00000000000000000000000000000000000000aa" },
    ]);
    expect((await facts(database)).systemIdentifier).toBe(opened.systemIdentifier);
    await database.close();

    const second = await openPglite(join(root, "second/pglite"), templateDir);
    templateIdentifier = (await facts(second)).systemIdentifier;
    expect(templateIdentifier, "both folders are copies of one database").toBe(opened.systemIdentifier);
    expect(await second.db.select().from(whitelist)).toEqual([]);
    await second.close();

    const inMemory = await openPglite(undefined, templateDir);
    expect(await facts(inMemory), "an in-memory database is a copy too").toEqual({
      systemIdentifier: templateIdentifier,
      migrations: journal.entries.length,
    });
    await inMemory.close();
  }, 60_000);

  it("a first start stopped while unpacking is unpacked again into an emptied folder", async () => {
    const folder = join(root, "interrupted/pglite");
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, "PG_VERSION"), "17\n"); // what a stopped unpacking can leave: part of a database
    writeFileSync(`${folder}.unpacking`, "");
    const database = await openPglite(folder, templateDir);
    expect(await facts(database)).toEqual({ systemIdentifier: templateIdentifier, migrations: journal.entries.length });
    expect(existsSync(`${folder}.unpacking`)).toBe(false);
    await database.close();
  }, 60_000);

  it("a template of another PGlite version or other migrations is passed over: initdb makes the database", async () => {
    const manifestFile = join(templateDir, TEMPLATE_MANIFEST);
    const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as { pglite: string; migrations: string };
    writeFileSync(manifestFile, JSON.stringify({ ...manifest, pglite: "0.0.1" }));
    expect(findPgliteTemplate(templateDir, migrationsFolder)).toBeUndefined();
    writeFileSync(manifestFile, JSON.stringify({ ...manifest, migrations: "0".repeat(64) }));
    expect(findPgliteTemplate(templateDir, migrationsFolder)).toBeUndefined();
    writeFileSync(manifestFile, "{ not json");
    expect(findPgliteTemplate(templateDir, migrationsFolder)).toBeUndefined();

    const database = await openPglite(join(root, "stale/pglite"), templateDir);
    const made = await facts(database);
    expect(made.migrations).toBe(journal.entries.length);
    expect(made.systemIdentifier).not.toBe(templateIdentifier);
    await database.close();
    writeFileSync(manifestFile, JSON.stringify(manifest));
  }, 60_000);
});
