/**
 * The api project's global setup (`vitest.config.ts`): the migrated databases each test's
 * `createTestDatabase` starts from, made once a run.
 * - PGlite: a new in-memory database runs initdb inside WebAssembly (~1.5 s here) and then the migrations
 *   (~0.5 s); one loaded from a dump of a migrated one is ready in ~0.4 s. The dump is a file, uncompressed:
 *   40 MB read in milliseconds, where gunzipping it would cost each test a second.
 * - PostgreSQL (when TEST_DATABASE_URL is set): `CREATE DATABASE … TEMPLATE` a migrated database instead of
 *   migrating each new one (~0.2 s a database).
 * A test database still runs the migrator when it opens, which then finds nothing to do.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { openPgliteClient, openPostgres, pgliteStartParams } from "../db/client";
import { createThrowawayPostgres, PGLITE_TEMPLATE, POSTGRES_TEMPLATE } from "./database";

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { PGlite } = await import("@electric-sql/pglite");
  const client = new PGlite({ startParams: pgliteStartParams(PGlite) });
  await openPgliteClient(client);
  const dump = await client.dumpDataDir("none");
  await client.close();
  const folder = mkdtempSync(join(tmpdir(), "classcoin-pglite-template-"));
  const file = join(folder, "migrated.tar");
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide(PGLITE_TEMPLATE, file);

  const postgres = process.env.TEST_DATABASE_URL
    ? await createThrowawayPostgres(undefined, "classcoin_template")
    : undefined;
  if (postgres) {
    try {
      // Closed again before any test copies it: PostgreSQL copies no database someone is connected to.
      await (await openPostgres(postgres.url, { poolSize: 1 })).close();
    } catch (error) {
      await postgres.drop();
      throw error;
    }
  }
  project.provide(POSTGRES_TEMPLATE, postgres?.name ?? "");
  return async () => {
    rmSync(folder, { recursive: true, force: true });
    await postgres?.drop();
  };
}
