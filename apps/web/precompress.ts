/**
 * Precompression of the production build: once Vite has written the output folder, every file of a
 * compressible type and of at least MIN_BYTES gets a brotli twin (quality 11) and a gzip twin (level 9)
 * beside it, `x.js.br` and `x.js.gz`. The API serves those as they are (@fastify/static `preCompressed`,
 * apps/api/src/app.ts), so browsers get the smallest encoding there is without the server compressing
 * anything per request (brotli 11 takes about a second for the entry chunk: affordable once per build only).
 * Source maps are left out: only developer tools fetch them, and the API compresses those on the fly.
 */
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Plugin } from "vite";

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
/** Below this a compressed twin saves next to nothing (the API's own threshold is the same). */
const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export function precompress(): Plugin {
  let outDir = "dist";
  return {
    name: "classcoin:precompress",
    apply: "build",
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressFolder(outDir);
    },
  };
}

/** Writes the .br and .gz twins of every eligible file under `folder`; returns how many files it did. */
export async function precompressFolder(folder: string): Promise<number> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  const files = entries.filter((e) => e.isFile() && COMPRESSIBLE.test(e.name)).map((e) => join(e.parentPath, e.name));
  let done = 0;
  await Promise.all(
    files.map(async (file) => {
      const bytes = await readFile(file);
      if (bytes.length < MIN_BYTES) return;
      const [br, gz] = await Promise.all([
        brotli(bytes, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        }),
        gzipAsync(bytes, { level: 9 }),
      ]);
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
      done++;
    }),
  );
  return done;
}
