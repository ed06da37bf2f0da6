/**
 * Writes the first-start template (`pglite-template.ts`): an in-memory PGlite, migrated, dumped gzipped, with
 * its manifest. Run by `npm run build` (scripts/build-server.ts).
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { migrationsFolder, openPgliteClient, pgliteStartParams } from "./client";
import { currentManifest, TEMPLATE_ARCHIVE, TEMPLATE_MANIFEST } from "./pglite-template";

export async function writePgliteTemplate(dir: string): Promise<void> {
  const { PGlite } = await import("@electric-sql/pglite");
  const client = new PGlite({ startParams: pgliteStartParams(PGlite) });
  try {
    await openPgliteClient(client);
    const dump = await client.dumpDataDir("gzip");
    writeFileSync(join(dir, TEMPLATE_ARCHIVE), Buffer.from(await dump.arrayBuffer()));
  } finally {
    await client.close();
  }
  // Written last: an archive without its manifest is never used.
  writeFileSync(join(dir, TEMPLATE_MANIFEST), `${JSON.stringify(currentManifest(migrationsFolder), null, 2)}\n`);
}
