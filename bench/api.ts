/**
 * API throughput and explorer growth on one database engine: seed the community, then transactions in
 * stages (growth: explorer latency at each size), then autocannon on every endpoint and its ceiling.
 */
import type { DatabaseKind } from "@classcoin/api/db/client";
import type { TestApp } from "@classcoin/api/testing/app";
import type { TestChain } from "@classcoin/api/testing/chain";
import { signIn } from "@classcoin/api/testing/sign-in";
import { devAccount } from "@classcoin/contracts/dev-accounts";
import { benchConfig, createBenchDatabase, startBenchApp } from "./lib/bench-app";
import { compareSideBySide, type LoadRequest, type LoadResult, sequentialLatency } from "./lib/load";
import { startRpcCounter } from "./lib/rpc-counter";
import { addTransactions, profileWallet, seedCommunity } from "./lib/seed";
import type { Sizes } from "./sizes";

export interface EndpointResult {
  name: string;
  request: string;
  bytes: number;
  endpoint: LoadResult;
  ceiling: LoadResult;
  ratio: number;
  rpcCalls: Record<string, number>;
}

export interface GrowthPoint {
  rows: number;
  seedSeconds: number;
  /** Series `<filter>, page 1`, `<filter>, last page` (see explorerFilters) and `stats`. */
  latency: Record<string, { p50: number; p99: number; max: number }>;
  /** The last page's number per filter ("Page x of y": y). */
  pages?: Record<string, number>;
}

export interface ApiResult {
  kind: DatabaseKind;
  seedSeconds: number;
  growth: GrowthPoint[];
  endpoints: EndpointResult[];
}

const day = (offsetDays: number) => new Date(Date.now() - offsetDays * 86_400_000).toISOString().slice(0, 10);

export function explorerQueries(deepPage: number) {
  const wallet = profileWallet(1);
  const typeDate = `type=transfer&from=${day(30)}&to=${day(10)}`;
  return {
    "explorer, no filter, page 1": "/api/explorer/transactions",
    "explorer, wallet filter": `/api/explorer/transactions?wallet=${wallet}`,
    "explorer, type + date filter": `/api/explorer/transactions?${typeDate}`,
    [`explorer, page ${deepPage.toLocaleString("en")}`]: `/api/explorer/transactions?page=${deepPage}`,
    "explorer stats": "/api/explorer/stats",
  };
}

/** For growth: the filters whose first and last pages are timed (the busiest wallet; 20 days of 90). */
export function explorerFilters(): Record<string, string> {
  return {
    "no filter": "",
    wallet: `wallet=${profileWallet(1)}&`,
    type: "type=transfer&",
    date: `from=${day(30)}&to=${day(10)}&`,
    "wallet + type + date": `wallet=${profileWallet(1)}&type=transfer&from=${day(60)}&to=${day(5)}&`,
  };
}

export async function benchApi(
  chain: TestChain,
  kind: DatabaseKind,
  sizes: Sizes,
  log: (line: string) => void,
  options: { load: boolean; withDatabase?: (databaseUrl: string | undefined) => Promise<void> } = { load: true },
): Promise<ApiResult> {
  const rpc = await startRpcCounter(chain.rpcUrl);
  const database = await createBenchDatabase(kind);
  const bench = await startBenchApp(database, benchConfig(rpc.url, chain.tokenAddress));
  try {
    let t = performance.now();
    await seedCommunity(database.db, sizes.community);
    log(`  ${kind}: community seeded in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    const q = explorerQueries(sizes.deepPage);
    const growth: GrowthPoint[] = [];
    let rows = 0;
    const seedStart = performance.now();
    const stages = kind === "postgres" ? sizes.growthStages : [sizes.growthStages.at(-1) as number];
    for (const target of stages) {
      t = performance.now();
      await addTransactions(database.db, rows + 1, target, sizes.community.profiles);
      rows = target;
      // The bulk load renumbers the explorer's streams with one big UPDATE (migration 0003): vacuum its dead
      // row versions as autovacuum would, so the timings are of the table, not of the load's leftovers.
      await database.db.execute("VACUUM ANALYZE");
      const seedSeconds = (performance.now() - t) / 1000;
      log(`  ${kind}: ${rows.toLocaleString("en")} transactions (+${seedSeconds.toFixed(1)} s)`);
      if (kind !== "postgres") break;
      const n = sizes.latencySamples;
      // 100 requests per series first: the first stage would otherwise also pay for the JIT warming up.
      const latency: GrowthPoint["latency"] = {};
      const pages: Record<string, number> = {};
      for (const [name, filter] of Object.entries(explorerFilters())) {
        const first = (await (await fetch(`${bench.url}/api/explorer/transactions?${filter}`)).json()) as {
          pagination: { total: number };
        };
        pages[name] = first.pagination.total;
        const url = (page: number) => `/api/explorer/transactions?${filter}page=${page}`;
        latency[`${name}, page 1`] = await sequentialLatency(bench.url, [url(1)], n, 100);
        latency[`${name}, last page`] = await sequentialLatency(bench.url, [url(pages[name])], n, 100);
      }
      latency.stats = await sequentialLatency(bench.url, ["/api/explorer/stats"], n, 100);
      growth.push({ rows, seedSeconds, latency, pages });
    }
    const seedSeconds = (performance.now() - seedStart) / 1000;
    if (!options.load) {
      await options.withDatabase?.(database.url);
      return { kind, seedSeconds, growth, endpoints: [] };
    }

    const cookie = await signIn(bench as unknown as TestApp, 1);
    const voter = devAccount(1).address.toLowerCase();
    const votes: LoadRequest[] = Array.from({ length: 40 }, (_, i) => ({
      method: "POST",
      path: "/api/posts/vote",
      headers: { cookie },
      body: JSON.stringify({ postId: String(1 + Math.floor(i / 2)), type: i % 2 ? "down" : "up", voterWallet: voter }),
    }));
    const endpoints: [string, LoadRequest[]][] = [
      ["GET /api/posts?limit=50", [{ path: "/api/posts?limit=50" }]],
      ["GET /api/profiles", [{ path: "/api/profiles" }]],
      ["GET /api/projects/1", [{ path: "/api/projects/1" }]],
      ...Object.entries(q)
        .filter((e): e is [string, string] => typeof e[1] === "string")
        .map(([name, path]): [string, LoadRequest[]] => [`GET ${name}`, [{ path }]]),
      ["POST /api/posts/vote (signed in)", votes],
    ];
    if (kind === "postgres") {
      // References for the findings: a real route with no database (zod response schema included), and
      // one bare `SELECT 1` round trip: how far any database read can get towards the ceiling here.
      endpoints.push(
        ["reference: GET /api/config (no database)", [{ path: "/api/config" }]],
        ["reference: one SELECT 1 round trip", [{ path: "/bench/select-1" }]],
      );
    }
    const results: EndpointResult[] = [];
    for (const [index, [name, requests]] of endpoints.entries()) {
      const first = requests[0] as LoadRequest;
      rpc.reset();
      const res = await fetch(bench.url + first.path, {
        method: first.method ?? "GET",
        headers: { ...(first.body ? { "content-type": "application/json" } : {}), ...first.headers },
        body: first.body,
      });
      const body = Buffer.from(await res.arrayBuffer());
      if (!res.ok) throw new Error(`${name} answered ${res.status}: ${body.toString().slice(0, 300)}`);
      bench.setCeiling(String(index), body, res.headers.get("content-type") ?? "application/json");
      const ceiling = requests.map((r) => ({ ...r, path: `/bench/ceiling/${index}` }));
      const [endpoint, top] = (await compareSideBySide(bench.url, [requests, ceiling], sizes.load)) as [
        LoadResult,
        LoadResult,
      ];
      const rpcCalls = Object.fromEntries(rpc.counts);
      results.push({
        name,
        request: first.path,
        bytes: body.length,
        endpoint,
        ceiling: top,
        ratio: endpoint.reqPerSec / top.reqPerSec,
        rpcCalls,
      });
      log(
        `  ${kind}: ${name}: ${endpoint.reqPerSec.toFixed(0)} req/s (ceiling ${top.reqPerSec.toFixed(0)}, ${(
          (100 * endpoint.reqPerSec) / top.reqPerSec
        ).toFixed(
          0,
        )} %), p50 ${endpoint.p50} ms, p99 ${endpoint.p99} ms${endpoint.non2xx ? `, ${endpoint.non2xx} non-2xx!` : ""}${top.non2xx ? `, ceiling ${top.non2xx} non-2xx!` : ""}`,
      );
    }
    await options.withDatabase?.(database.url);
    return { kind, seedSeconds, growth, endpoints: results };
  } finally {
    await bench.close();
    await database.close();
    await rpc.close();
  }
}
