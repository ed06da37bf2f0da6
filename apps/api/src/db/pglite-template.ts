/**
 * The migrated, empty PGlite database that `npm run build` writes next to the server
 * (`apps/api/dist/pglite-template.tar.gz`, made by `write-pglite-template.ts`). A first start unpacks it instead
 * of running initdb and every migration inside WebAssembly: faster, and the process does not keep initdb's
 * WebAssembly memory for the rest of its life (bench/findings.md, "PGlite's first start").
 *
 * Its manifest names the PGlite version and the migrations it was made with; a template made by another
 * version, or before a migration was added or changed, is not used (the first start then runs initdb as
 * without one).
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

export const TEMPLATE_ARCHIVE = "pglite-template.tar.gz";
export const TEMPLATE_MANIFEST = "pglite-template.json";

export interface TemplateManifest {
  pglite: string;
  migrations: string;
}

/** The folder of the nearest package.json at or above `file`'s folder. */
function packageDir(file: string): string {
  let dir = dirname(file);
  while (!existsSync(join(dir, "package.json")) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
}

/** Where `npm run build` puts the template, and where the server looks for it: the API package's `dist/`, found
 * from `src/db/` (tsx) and from `dist/server.js` alike. */
export const builtTemplateDir = join(packageDir(fileURLToPath(import.meta.url)), "dist");

function pgliteVersion(): string {
  const dir = packageDir(createRequire(import.meta.url).resolve("@electric-sql/pglite"));
  return (JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { version: string }).version;
}

/** A hash of every file under the migrations folder (SQL and drizzle's journal), by path and content. */
function migrationsHash(migrationsFolder: string): string {
  const hash = createHash("sha256");
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else hash.update(`${relative(migrationsFolder, path)}\0`).update(readFileSync(path));
    }
  };
  walk(migrationsFolder);
  return hash.digest("hex");
}

export function currentManifest(migrationsFolder: string): TemplateManifest {
  return { pglite: pgliteVersion(), migrations: migrationsHash(migrationsFolder) };
}

/** The template's archive in `dir` when it was made by this PGlite with these migrations, else undefined. */
export function findPgliteTemplate(dir: string, migrationsFolder: string): string | undefined {
  const archive = join(dir, TEMPLATE_ARCHIVE);
  const manifestFile = join(dir, TEMPLATE_MANIFEST);
  if (!existsSync(archive) || !existsSync(manifestFile)) return undefined;
  let manifest: Partial<TemplateManifest>;
  try {
    manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as Partial<TemplateManifest>;
  } catch {
    return undefined;
  }
  const current = currentManifest(migrationsFolder);
  return manifest.pglite === current.pglite && manifest.migrations === current.migrations ? archive : undefined;
}
