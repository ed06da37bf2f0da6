/**
 * Lists that grow (issue 19): `GET /api/profiles` at 200 and 1,000 profiles and `GET /api/projects/1` at 50
 * and 250 submissions, each whole (the spec's answer, no query) and as the web app asks for it (a page of
 * 25 with `limit`, and a deep page by cursor, `limit` + `before`): req/s (autocannon, 10 connections, median
 * of the runs, the variants alternating round by round), p50/p99 and bytes per answer. The response cache
 * is off (RESPONSE_CACHE_MB=0): this measures the work each answer costs, which paging is about.
 *
 * `npx tsx bench/paging.ts [--quick] [--pglite-only] [--pg-only]`; prints a table and writes
 * bench/results/paging.json (bench/.tmp/ with --quick). Not part of `npm run bench` or of `npm test`.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { DatabaseKind } from "@classcoin/api/db/client";
import { startTestChain } from "@classcoin/api/testing/chain";
import { sql } from "drizzle-orm";
import { benchConfig, createBenchDatabase, startBenchApp } from "./lib/bench-app";
import { compareSideBySide, type LoadResult } from "./lib/load";
import { walletSql } from "./lib/seed";

const args = process.argv.slice(2);
const quick = args.includes("--quick");
const kinds: DatabaseKind[] = args.includes("--pglite-only")
  ? ["pglite"]
  : args.includes("--pg-only")
    ? ["postgres"]
    : ["pglite", "postgres"];
const options = quick ? { seconds: 2, runs: 1, warmupSeconds: 1 } : { seconds: 5, runs: 3, warmupSeconds: 2 };
const PAGE = 25;

interface Point {
  kind: DatabaseKind;
  list: string;
  rows: number;
  variant: string;
  path: string;
  items: number;
  bytes: number;
  result: LoadResult;
}

const SIZES = [
  { list: "profiles", small: 200, large: 1000 },
  { list: "projects 1", small: 50, large: 250 },
];

async function seed(run: (text: string) => Promise<unknown>, profiles: number, submissions: number) {
  await run("DELETE FROM projects");
  await run("DELETE FROM profiles");
  // Five minutes apart, except runs of ten in one instant: ties that only the id orders.
  await run(`
    INSERT INTO profiles (wallet, name, birthday, star_sign, bio, created_at)
    SELECT ${walletSql("p", "i")}, 'Student ' || i, '2010-05-05', 'Leo', 'I like drawing and code. Profile ' || i,
           now() - make_interval(mins => ((${profiles} - i) / 10) * 5)
      FROM generate_series(1, ${profiles}) AS i`);
  await run(`
    INSERT INTO projects (author_wallet, project_number, title, description, image, total_received_wei)
    SELECT ${walletSql("p", "a")}, 1, 'Artwork ' || a, 'Pencil and watercolour, week ' || (a % 12),
           md5('img' || a) || '.webp', (a % 50) * 1000000000000000000::numeric
      FROM generate_series(1, ${submissions}) AS a`);
  await run("ANALYZE");
}

async function fetchJson(url: string): Promise<{ items: { _id: string }[]; bytes: number }> {
  const res = await fetch(url);
  const text = await res.text();
  if (!res.ok) throw new Error(`GET ${url}: ${res.status} ${text.slice(0, 200)}`);
  return { items: JSON.parse(text) as { _id: string }[], bytes: Buffer.byteLength(text) };
}

const chain = await startTestChain();
const points: Point[] = [];
try {
  for (const kind of kinds) {
    const database = await createBenchDatabase(kind);
    const bench = await startBenchApp(database, {
      ...benchConfig(chain.rpcUrl, chain.tokenAddress),
      responseCacheMb: 0,
    });
    const run = (text: string) => database.db.execute(sql.raw(text));
    try {
      for (const size of ["small", "large"] as const) {
        const profiles = SIZES[0]?.[size] ?? 0;
        const submissions = SIZES[1]?.[size] ?? 0;
        await seed(run, profiles, submissions);
        for (const { list, path } of [
          { list: "profiles", path: "/api/profiles" },
          { list: "projects 1", path: "/api/projects/1" },
        ]) {
          const whole = await fetchJson(bench.url + path);
          // The deep page: the one after the item four fifths down the list.
          const cursor = whole.items[Math.floor(whole.items.length * 0.8)]?._id;
          const variants = [
            { variant: "whole (no query)", path },
            { variant: `limit=${PAGE}`, path: `${path}?limit=${PAGE}` },
            { variant: `limit=${PAGE}, deep before`, path: `${path}?limit=${PAGE}&before=${cursor}` },
          ];
          const answers = await Promise.all(variants.map((v) => fetchJson(bench.url + v.path)));
          const results = await compareSideBySide(
            bench.url,
            variants.map((v) => [{ path: v.path }]),
            options,
          );
          for (const [i, v] of variants.entries()) {
            const point: Point = {
              kind,
              list,
              rows: list === "profiles" ? profiles : submissions,
              variant: v.variant,
              path: v.path,
              items: answers[i]?.items.length ?? 0,
              bytes: answers[i]?.bytes ?? 0,
              result: results[i] as LoadResult,
            };
            points.push(point);
            console.log(
              `${kind.padEnd(8)} ${list.padEnd(10)} ${String(point.rows).padStart(5)} rows  ${v.variant.padEnd(24)} ` +
                `${String(point.items).padStart(5)} items ${(point.bytes / 1024).toFixed(1).padStart(7)} KiB ` +
                `${point.result.reqPerSec.toFixed(0).padStart(6)} req/s  p50 ${point.result.p50} ms  p99 ${point.result.p99} ms` +
                (point.result.non2xx || point.result.errors ? `  (${point.result.non2xx} non-2xx)` : ""),
            );
          }
        }
      }
    } finally {
      await bench.close();
      await database.close();
    }
  }
} finally {
  await chain.stop();
}

const dir = join(import.meta.dirname, quick ? ".tmp" : "results");
mkdirSync(dir, { recursive: true });
writeFileSync(
  join(dir, "paging.json"),
  `${JSON.stringify({ date: new Date().toISOString(), options, points }, null, 2)}\n`,
);
