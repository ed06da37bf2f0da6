/**
 * The response cache of hot reads (issue 19), on PGlite and PostgreSQL: every hot read's req/s with the cache
 * warm, and with it off ("cold": every request computes its answer) on PostgreSQL, each against a bare
 * Fastify serving the same bytes with the same headers from memory (bench/lib/cache-server.ts), endpoint
 * and ceiling alternating round by round; `/api/profiles` at 200 and at 1,000 profiles; and the API
 * process's RSS idle and after the load, cache on and off (PGlite: how far the cache takes it off the
 * request path). The API runs in its own process; autocannon runs here (a worker thread).
 *
 * `npm run bench -- --only cache`, or alone: `npx tsx bench/cache.ts [--quick]`.
 */
import { type ChildProcess, fork } from "node:child_process";
import { get as httpGet, type IncomingHttpHeaders } from "node:http";
import { join } from "node:path";
import type { DatabaseKind } from "@classcoin/api/db/client";
import { type LoadRequest, type LoadResult, type LoadRun, load, summarize } from "./lib/load";
import { profileWallet } from "./lib/seed";

export interface CachePoint {
  name: string;
  path: string;
  acceptEncoding?: string;
  bytes: number;
  endpoint: LoadResult;
  ceiling: LoadResult;
  ratio: number;
  /** Cache off on PostgreSQL: the round-trip floor (one prepared `SELECT $1`, then the same bytes). */
  floor?: LoadResult;
  floorRatio?: number;
}

export interface CacheRun {
  kind: DatabaseKind;
  cache: "warm" | "off";
  profiles: number;
  points: CachePoint[];
  rss: { idleMiB: number; afterLoadMiB: number; cacheMiB: number };
}

export interface CacheResult {
  loadavg: { before: number[]; after: number[] };
  options: { seconds: number; runs: number; warmupSeconds: number };
  runs: CacheRun[];
  /** The same endpoint with Node's per-socket request cap (connection-limits.ts) and without it. */
  socketCap?: { withCap: LoadResult; withoutCap: LoadResult; path: string };
}

const HOT_READS: [string, string][] = [
  ["posts", "/api/posts?limit=50"],
  ["profiles", "/api/profiles"],
  ["projects 1", "/api/projects/1"],
  ["bounties", "/api/admin/public/bounties"],
  ["explorer page 1", "/api/explorer/transactions"],
  ["explorer wallet filter", `/api/explorer/transactions?wallet=${profileWallet(1)}`],
  ["explorer page 40", "/api/explorer/transactions?page=40"],
  ["explorer stats", "/api/explorer/stats"],
  ["config", "/api/config"],
];

interface Server {
  api: string;
  ceiling: string;
  floor?: string;
  call(message: Record<string, unknown>): Promise<unknown>;
  stop(): Promise<void>;
}

async function startServer(env: Record<string, string>): Promise<Server> {
  const child: ChildProcess = fork(join(import.meta.dirname, "lib/cache-server.ts"), {
    execArgv: ["--import", "tsx", "--expose-gc"],
    env: { ...process.env, ...env, LOG_LEVEL: "silent" },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const pending = new Map<number, (answer: unknown) => void>();
  let next = 0;
  const ready = new Promise<{ api: string; ceiling: string; floor?: string }>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`cache server exited (${code})`)));
    child.on("message", (message: { ready?: Awaited<typeof ready>; id?: number; answer?: unknown }) => {
      if (message.ready) resolve(message.ready);
      if (message.id !== undefined) pending.get(message.id)?.(message.answer);
    });
  });
  const urls = await ready;
  return {
    ...urls,
    call: (message) =>
      new Promise((resolve) => {
        const id = next++;
        pending.set(id, resolve);
        child.send({ ...message, id });
      }),
    stop: async () => {
      const exited = new Promise((r) => child.once("exit", r));
      child.disconnect();
      const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Copies the API's answer (bytes and the headers that describe them) to the ceiling. */
async function mirror(server: Server, path: string, acceptEncoding?: string): Promise<number> {
  // node:http, not fetch: fetch would decode the body, and the ceiling must send the bytes as they came.
  const { status, headers, raw } = await new Promise<{ status: number; headers: IncomingHttpHeaders; raw: Buffer }>(
    (resolve, reject) => {
      const req = httpGet(
        server.api + path,
        { headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, raw: Buffer.concat(chunks) }),
          );
          res.on("error", reject);
        },
      );
      req.on("error", reject);
    },
  );
  if (status !== 200) throw new Error(`GET ${path} answered ${status}`);
  const copied: Record<string, string> = {};
  for (const name of ["content-type", "content-encoding", "etag", "cache-control", "vary"]) {
    const value = headers[name];
    if (typeof value === "string") copied[name] = value;
  }
  await server.call({ ceiling: { body: raw.toString("base64"), headers: copied } });
  return raw.length;
}

/** The endpoint and the ceiling (and, when given, the floor) alternating round by round. */
async function sideBySide(
  server: Server,
  request: LoadRequest,
  options: CacheResult["options"],
  floor?: string,
): Promise<[LoadResult, LoadResult, LoadResult | undefined]> {
  const targets = [server.api, server.ceiling, ...(floor ? [floor] : [])];
  for (const target of targets) await load(target, [request], { seconds: options.warmupSeconds });
  const runs: LoadRun[][] = targets.map(() => []);
  for (let i = 0; i < options.runs; i++) {
    for (const [t, target] of targets.entries())
      runs[t]!.push(await load(target, [request], { seconds: options.seconds }));
  }
  const [endpoint, ceiling, floorResult] = runs.map((r) => summarize(r));
  return [endpoint!, ceiling!, floorResult];
}

async function measure(
  server: Server,
  name: string,
  path: string,
  options: CacheResult["options"],
  log: (line: string) => void,
  prefix: string,
  acceptEncoding?: string,
  floorUrl?: string,
): Promise<CachePoint> {
  const bytes = await mirror(server, path, acceptEncoding);
  const request: LoadRequest = { path, ...(acceptEncoding ? { headers: { "accept-encoding": acceptEncoding } } : {}) };
  const [endpoint, ceiling, floor] = await sideBySide(server, request, options, floorUrl);
  const ratio = endpoint.reqPerSec / ceiling.reqPerSec;
  const floorRatio = floor ? floor.reqPerSec / ceiling.reqPerSec : undefined;
  const bad = endpoint.non2xx + endpoint.errors + ceiling.non2xx + ceiling.errors;
  // A non-2xx answer is cheap (and not the endpoint's work): a figure with any is not a measurement.
  log(
    `  ${prefix} ${name}${acceptEncoding ? ` (${acceptEncoding})` : ""}: ${endpoint.reqPerSec.toFixed(0)} req/s, ceiling ${ceiling.reqPerSec.toFixed(0)} (${(100 * ratio).toFixed(0)} %)${floor ? `, round-trip floor ${floor.reqPerSec.toFixed(0)} (${(100 * (floorRatio ?? 0)).toFixed(0)} %)` : ""}, ${bytes} B${bad ? `, non-2xx/errors ${endpoint.non2xx}/${endpoint.errors} (ceiling ${ceiling.non2xx}/${ceiling.errors})` : ""}`,
  );
  return {
    name,
    path,
    ...(acceptEncoding ? { acceptEncoding } : {}),
    bytes,
    endpoint,
    ceiling,
    ratio,
    ...(floor ? { floor, floorRatio } : {}),
  };
}

const mib = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

async function oneRun(
  kind: DatabaseKind,
  cacheOn: boolean,
  options: CacheResult["options"],
  log: (line: string) => void,
): Promise<CacheRun[]> {
  const server = await startServer({ BENCH_KIND: kind, RESPONSE_CACHE_MB: cacheOn ? "64" : "0" });
  const label = `${kind}, cache ${cacheOn ? "warm" : "off"}:`;
  try {
    for (const [, path] of HOT_READS) await fetch(server.api + path).then((r) => r.arrayBuffer());
    const idle = (await server.call({ rss: true })) as { rss: number; cache: number };
    const points: CachePoint[] = [];
    // Cold on PostgreSQL, each read is also set beside the round-trip floor (lib/cache-server.ts).
    const floor = cacheOn ? undefined : server.floor;
    for (const [name, path] of HOT_READS) {
      points.push(await measure(server, name, path, options, log, label, undefined, floor));
    }
    points.push(await measure(server, "profiles", "/api/profiles", options, log, label, "br", floor));
    const after = (await server.call({ rss: true })) as { rss: number; cache: number };
    log(
      `  ${label} RSS idle ${mib(idle.rss)} MiB, after the load ${mib(after.rss)} MiB (cache ${mib(after.cache)} MiB)`,
    );
    const runs: CacheRun[] = [
      {
        kind,
        cache: cacheOn ? "warm" : "off",
        profiles: 200,
        points,
        rss: { idleMiB: mib(idle.rss), afterLoadMiB: mib(after.rss), cacheMiB: mib(after.cache) },
      },
    ];
    if (cacheOn) {
      await server.call({ profiles: 1000 });
      const big = [
        await measure(server, "profiles", "/api/profiles", options, log, `${label} 1,000 profiles:`),
        await measure(server, "profiles", "/api/profiles", options, log, `${label} 1,000 profiles:`, "br"),
      ];
      const rss = (await server.call({ rss: true })) as { rss: number; cache: number };
      runs.push({
        kind,
        cache: "warm",
        profiles: 1000,
        points: big,
        rss: { idleMiB: mib(idle.rss), afterLoadMiB: mib(rss.rss), cacheMiB: mib(rss.cache) },
      });
    }
    return runs;
  } finally {
    await server.stop();
  }
}

/** Node answers 503 once a kept-alive socket served maxRequestsPerSocket (1,000): what autocannon sees. */
async function socketCap(options: CacheResult["options"], log: (line: string) => void) {
  const path = "/api/config";
  const results: LoadResult[] = [];
  for (const unlimited of [false, true]) {
    const server = await startServer({ BENCH_KIND: "pglite", BENCH_SOCKET_CAP: unlimited ? "0" : "1" });
    try {
      const runs: LoadRun[] = [];
      await load(server.api, [{ path }], { seconds: options.warmupSeconds });
      // Long enough for each of the 10 connections to pass 1,000 requests several times over.
      for (let i = 0; i < options.runs; i++) runs.push(await load(server.api, [{ path }], { seconds: 5 }));
      const result = summarize(runs);
      results.push(result);
      log(
        `  ${path} ${unlimited ? "without" : "with"} the cap of 1,000 requests per socket: ${result.reqPerSec.toFixed(0)} req/s, non-2xx ${result.non2xx}, errors ${result.errors}`,
      );
    } finally {
      await server.stop();
    }
  }
  return { withCap: results[0] as LoadResult, withoutCap: results[1] as LoadResult, path };
}

export async function benchCache(quick: boolean, log: (line: string) => void): Promise<CacheResult> {
  const options = quick ? { seconds: 1, runs: 1, warmupSeconds: 0.5 } : { seconds: 2, runs: 3, warmupSeconds: 1 };
  const { loadavg } = await import("node:os");
  const before = loadavg().map((v) => Math.round(v * 100) / 100);
  const runs: CacheRun[] = [];
  // BENCH_CACHE_ONLY=pglite-warm (comma-separated <engine>-<warm|off>) repeats a part alone (development).
  const only = process.env.BENCH_CACHE_ONLY?.split(",");
  for (const kind of ["pglite", "postgres"] as const) {
    for (const cacheOn of [true, false]) {
      if (only && !only.includes(`${kind}-${cacheOn ? "warm" : "off"}`)) continue;
      runs.push(...(await oneRun(kind, cacheOn, options, log)));
    }
  }
  const cap = only ? undefined : await socketCap(options, log);
  const after = loadavg().map((v) => Math.round(v * 100) / 100);
  return { loadavg: { before, after }, options, runs, ...(cap ? { socketCap: cap } : {}) };
}

/** The report's section (bench/report.ts). */
export function cacheReport(r: CacheResult): string[] {
  const out: string[] = [];
  const pct = (v: number) => `${(100 * v).toFixed(0)} %`;
  const n0 = (v: number) => Math.round(v).toLocaleString("en");
  out.push("## Response cache (issue 19)");
  out.push("");
  out.push(
    `Each hot read against a bare Fastify answering the same bytes and headers from memory in the same process, alternating (${r.options.runs} × ${r.options.seconds} s each, 10 connections), cache warm (64 MiB) or off ("cold": every request reads the database). Load average before ${r.loadavg.before.join(", ")}, after ${r.loadavg.after.join(", ")}: the machine was shared, figures are indicative.`,
  );
  out.push("");
  out.push(
    "| engine | cache | profiles | read | bytes | req/s | ceiling req/s | % of ceiling | round-trip floor req/s (% of ceiling) | non-2xx |",
  );
  out.push("|---|---|---|---|---|---|---|---|---|---|");
  for (const run of r.runs) {
    for (const p of run.points) {
      out.push(
        `| ${run.kind} | ${run.cache} | ${n0(run.profiles)} | \`${p.path}\`${p.acceptEncoding ? ` (${p.acceptEncoding})` : ""} | ${n0(p.bytes)} | ${n0(p.endpoint.reqPerSec)} | ${n0(p.ceiling.reqPerSec)} | ${pct(p.ratio)} | ${p.floor ? `${n0(p.floor.reqPerSec)} (${pct(p.floorRatio ?? 0)})` : "–"} | ${p.endpoint.non2xx} |`,
      );
    }
  }
  if (r.runs.some((run) => run.points.some((p) => p.floor))) {
    out.push("");
    out.push(
      "Round-trip floor: a bare Fastify beside the API that makes one trip to the same PostgreSQL (a prepared `SELECT $1`, pool of 10 like the API's) and answers the same bytes: no read that touches the database can go faster on this machine, where the load generator, Node and PostgreSQL share two cores.",
    );
  }
  out.push("");
  out.push("| engine | cache | API RSS idle (MiB) | after the load (MiB) | cache bytes (MiB) |");
  out.push("|---|---|---|---|---|");
  for (const run of r.runs.filter((x) => x.profiles === 200)) {
    out.push(`| ${run.kind} | ${run.cache} | ${run.rss.idleMiB} | ${run.rss.afterLoadMiB} | ${run.rss.cacheMiB} |`);
  }
  for (const kind of ["pglite", "postgres"]) {
    for (const encoding of [undefined, "br"]) {
      const at = (profiles: number) =>
        r.runs
          .find((x) => x.kind === kind && x.cache === "warm" && x.profiles === profiles)
          ?.points.find((p) => p.path === "/api/profiles" && p.acceptEncoding === encoding)?.endpoint.reqPerSec;
      const small = at(200);
      const big = at(1000);
      if (small && big) {
        out.push("");
        out.push(
          `${kind}: \`/api/profiles\`${encoding ? ` (${encoding}, as browsers receive it)` : ""} warm at 1,000 profiles ${n0(big)} req/s, at 200 ${n0(small)} req/s: ${(small / big).toFixed(2)}× (target ≤ 2×).`,
        );
      }
    }
  }
  if (r.socketCap) {
    const { withCap, withoutCap, path } = r.socketCap;
    out.push("");
    out.push(
      `Requests per socket: connection-limits.ts caps a kept-alive socket at 1,000 requests; Node answers the 1,000th with \`Connection: close\` and every later one on that socket with a 503. Browsers reconnect; autocannon keeps sending, so with the cap most of a long run is cheap 503s: \`${path}\` with the cap ${n0(withCap.reqPerSec)} req/s, ${n0(withCap.non2xx)} non-2xx; without ${n0(withoutCap.reqPerSec)} req/s, ${n0(withoutCap.non2xx)} non-2xx. The figures above are measured without the cap (bench/lib/bench-app.ts lifts it for the bench server only; production keeps it).`,
    );
  }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = Date.now();
  const log = (line: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}`);
  const result = await benchCache(process.argv.includes("--quick"), log);
  const { writeFileSync, mkdirSync } = await import("node:fs");
  const dir = join(import.meta.dirname, process.argv.includes("--quick") ? ".tmp/results-quick" : "results");
  mkdirSync(dir, { recursive: true });
  // A partial run (BENCH_CACHE_ONLY) does not replace the full results.
  const file = process.env.BENCH_CACHE_ONLY
    ? join(import.meta.dirname, ".tmp/cache-partial.json")
    : join(dir, "cache.json");
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  console.log(cacheReport(result).join("\n"));
  process.exit(0);
}

/** The issue's targets for the cache section (bench/report.ts puts them in the report's target table). */
export function cacheTargets(r: CacheResult): { target: string; measured: string; met?: boolean }[] {
  const rows: { target: string; measured: string; met?: boolean }[] = [];
  const pct = (v: number) => `${(100 * v).toFixed(0)} %`;
  const label = (p: CachePoint) => `${p.name}${p.acceptEncoding ? `, ${p.acceptEncoding}` : ""}`;
  const lowest = (points: CachePoint[]) => points.reduce((a, b) => (b.ratio < a.ratio ? b : a));
  const engines = [
    ["postgres", "PostgreSQL"],
    ["pglite", "PGlite"],
  ] as const;
  for (const [kind, name] of engines) {
    const warm = r.runs.find((x) => x.kind === kind && x.cache === "warm" && x.profiles === 200);
    if (!warm?.points.length) continue;
    const worst = lowest(warm.points);
    rows.push({
      target: `hot reads ≥ 50 % of the ceiling, cache warm, ${name}`,
      measured: `lowest ${pct(worst.ratio)} (${label(worst)})`,
      met: worst.ratio >= 0.5,
    });
  }
  const cold = r.runs.find((x) => x.kind === "postgres" && x.cache === "off");
  if (cold?.points.length) {
    const worst = lowest(cold.points);
    const floors = cold.points.flatMap((p) => (p.floorRatio === undefined ? [] : [p.floorRatio]));
    const floor = floors.length
      ? `; the round-trip floor: ${pct(Math.min(...floors))}–${pct(Math.max(...floors))}`
      : "";
    rows.push({
      target: "hot reads ≥ 20 % of the ceiling, cache cold, PostgreSQL",
      measured: `lowest ${pct(worst.ratio)} (${label(worst)})${floor}`,
      met: worst.ratio >= 0.2,
    });
  }
  for (const [kind, name] of engines) {
    for (const encoding of [undefined, "br"]) {
      const at = (profiles: number) =>
        r.runs
          .find((x) => x.kind === kind && x.cache === "warm" && x.profiles === profiles)
          ?.points.find((p) => p.path === "/api/profiles" && p.acceptEncoding === encoding);
      const small = at(200);
      const big = at(1000);
      if (!small || !big) continue;
      const slowdown = small.endpoint.reqPerSec / big.endpoint.reqPerSec;
      const ceiling = small.ceiling.reqPerSec / big.ceiling.reqPerSec;
      rows.push({
        target: `\`/api/profiles\` at 1,000 profiles within 2× of 200, cache warm, ${name}${encoding ? ` (${encoding}, as browsers receive it)` : " (uncompressed)"}`,
        measured: `${slowdown.toFixed(2)}× (the bare ceiling: ${ceiling.toFixed(2)}×)`,
        met: slowdown <= 2,
      });
    }
  }
  return rows;
}
