/**
 * HTTP load with autocannon (10 connections, pipelining 1), run in a worker thread so the load generator
 * does not share the server's event loop. Each figure is the median of several runs; an endpoint and its
 * ceiling run alternately, so both see the same machine load.
 */
import { join } from "node:path";
import autocannon from "autocannon";

/** Drops autocannon's copy of each body as a string (see the file): it made brotli rows client-bound. */
const setupClient = join(import.meta.dirname, "autocannon-client.cjs");

export interface LoadRequest {
  method?: "GET" | "POST";
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadRun {
  reqPerSec: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

export interface LoadResult extends LoadRun {
  runs: LoadRun[];
}

export const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length === 0 ? Number.NaN : s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};

export async function load(
  baseUrl: string,
  requests: LoadRequest[],
  options: { seconds: number; connections?: number },
): Promise<LoadRun> {
  const result = await autocannon({
    url: baseUrl,
    connections: options.connections ?? 10,
    pipelining: 1,
    duration: options.seconds,
    workers: 1,
    setupClient,
    requests: requests.map((r) => ({
      method: r.method ?? "GET",
      path: r.path,
      headers: { ...(r.body ? { "content-type": "application/json" } : {}), ...r.headers },
      body: r.body,
    })),
  });
  return {
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

export function summarize(runs: LoadRun[]): LoadResult {
  return {
    reqPerSec: median(runs.map((r) => r.reqPerSec)),
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
    non2xx: runs.reduce((s, r) => s + r.non2xx, 0),
    errors: runs.reduce((s, r) => s + r.errors, 0),
    runs,
  };
}

/** Warm-up, then `runs` alternating rounds of each request set: medians per set. */
export async function compareSideBySide(
  baseUrl: string,
  sets: LoadRequest[][],
  options: { seconds: number; runs: number; warmupSeconds: number },
): Promise<LoadResult[]> {
  for (const set of sets) await load(baseUrl, set, { seconds: options.warmupSeconds });
  const runs: LoadRun[][] = sets.map(() => []);
  for (let i = 0; i < options.runs; i++) {
    for (const [k, set] of sets.entries()) runs[k]?.push(await load(baseUrl, set, { seconds: options.seconds }));
  }
  return runs.map(summarize);
}

/** Sequential latency (one connection): p50/p99 of `count` requests in ms, after `warmup` requests. */
export async function sequentialLatency(
  baseUrl: string,
  paths: string[],
  count: number,
  warmup = 20,
): Promise<{ p50: number; p99: number; max: number }> {
  const times: number[] = [];
  for (let i = 0; i < warmup + count; i++) {
    const path = paths[i % paths.length] as string;
    const t = performance.now();
    const res = await fetch(baseUrl + path);
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`GET ${path} answered ${res.status}`);
    if (i >= warmup) times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] as number;
  return { p50: at(0.5), p99: at(0.99), max: times[times.length - 1] as number };
}
