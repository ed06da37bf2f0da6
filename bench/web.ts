/**
 * The web app: per-route initial JavaScript and CSS from a production build with a manifest (raw, gzip -9
 * and brotli -11 per file, and the bytes the API actually sends a browser for them: the build's
 * precompressed twins), and page loads in headless Chromium against the real `npm start` stack over a seeded
 * PostgreSQL database (first contentful paint, time until the data is on screen, JS heap).
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { request } from "node:http";
import { join, resolve } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { WALLET_PAGE_PATH } from "@classcoin/shared/pages";
import { launchBrowser } from "../e2e/harness/browser";
import { repoRoot, startStack } from "../e2e/harness/stack";
import { median } from "./lib/load";
import type { Sizes } from "./sizes";

export const webOut = resolve(import.meta.dirname, ".tmp/dist");

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface Size {
  raw: number;
  gzip: number;
  brotli: number;
}

export interface RouteBundle {
  route: string;
  module: string;
  js: Size;
  css: Size;
  files: string[];
  /** Bytes on the wire from the running server for a browser's Accept-Encoding, and the encodings used. */
  sent?: { js: number; css: number; encodings: string[] };
}

export interface PageLoad {
  route: string;
  /** The network the load went over: the machine's loopback, or issue 19's 10 Mbit/s with 40 ms RTT. */
  network?: "loopback" | "10 Mbit/s, 40 ms RTT";
  waitFor: string;
  fcpMs: number;
  dataMs: number;
  heapMB: number;
  runs: { fcpMs: number; dataMs: number; heapMB: number }[];
}

export interface WebResult {
  buildSeconds: number;
  routes: RouteBundle[];
  loads: PageLoad[];
}

export function buildWeb(): number {
  const t = performance.now();
  // A separate outDir: apps/web/dist stays untouched while other work runs end-to-end tests on it.
  execFileSync(
    join(repoRoot, "node_modules/.bin/vite"),
    ["build", "--outDir", webOut, "--emptyOutDir", "--manifest", "--logLevel", "warn"],
    { cwd: join(repoRoot, "apps/web"), stdio: "inherit" },
  );
  return (performance.now() - t) / 1000;
}

/** Routes and the modules their `lazy()` imports, read from the router source. */
function lazyRoutes(): { route: string; module: string; nested: boolean }[] {
  const source = readFileSync(join(repoRoot, "apps/web/src/app/router.tsx"), "utf8");
  const found: { route: string; module: string; nested: boolean }[] = [];
  // The wallet page's path is a shared constant (`path: WALLET_PAGE_PATH`), the others literals.
  const re = /(path: (?:"([^"]+)"|WALLET_PAGE_PATH)|index: true)[\s\S]*?import\("([^"]+)"\)/g;
  for (let m = re.exec(source); m; m = re.exec(source)) {
    const path = m[1]?.endsWith("WALLET_PAGE_PATH") ? WALLET_PAGE_PATH : m[2];
    const route = path === undefined ? "/" : path.startsWith("/") ? path : `/${path}`;
    const module = join("src/app", `${m[3]}.tsx`).replace(/\\/g, "/");
    found.push({ route, module, nested: route !== "/wallet" });
  }
  return found;
}

function size(files: string[]): Size {
  const bytes = files.map((f) => readFileSync(join(webOut, f)));
  const all = Buffer.concat(bytes);
  // Per file, as a server sends them.
  return {
    raw: all.length,
    gzip: bytes.reduce((s, b) => s + gzipSync(b, { level: 9 }).length, 0),
    brotli: bytes.reduce(
      (s, b) => s + brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
      0,
    ),
  };
}

export function routeBundles(): RouteBundle[] {
  const manifest = JSON.parse(readFileSync(join(webOut, ".vite/manifest.json"), "utf8")) as Manifest;
  const entryKey = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  if (!entryKey) throw new Error("the Vite manifest has no entry");
  /** A chunk and everything it imports statically (what the browser must load before running it). */
  const closure = (key: string, into: Set<string>) => {
    if (into.has(key)) return into;
    into.add(key);
    for (const k of manifest[key]?.imports ?? []) closure(k, into);
    return into;
  };
  return lazyRoutes().map(({ route, module }) => {
    const key = Object.keys(manifest).find((k) => manifest[k]?.src === module || k === module);
    if (!key) throw new Error(`no chunk for ${module} (route ${route}) in the Vite manifest`);
    const keys = closure(key, closure(entryKey, new Set()));
    const chunks = [...keys].map((k) => manifest[k] as ManifestChunk);
    const js = chunks.map((c) => c.file).filter((f) => f.endsWith(".js"));
    const css = [...new Set(chunks.flatMap((c) => c.css ?? []))];
    return { route, module, js: size(js), css: size(css), files: [...js, ...css] };
  });
}

const pages: { route: string; waitFor: string }[] = [
  { route: "/", waitFor: ".home-grid .card" },
  { route: "/forum", waitFor: "article.post" },
  { route: "/explorer", waitFor: "table tbody tr" },
];

const NETWORKS = ["loopback", "10 Mbit/s, 40 ms RTT"] as const;

export async function benchWeb(sizes: Sizes, log: (line: string) => void, databaseUrl: string): Promise<WebResult> {
  const buildSeconds = buildWeb();
  const routes = routeBundles();
  for (const r of routes) {
    log(`  ${r.route}: JS ${(r.js.gzip / 1024).toFixed(1)} KB gzip, CSS ${(r.css.gzip / 1024).toFixed(1)} KB gzip`);
  }
  const stack = await startStack({
    DATABASE_URL: databaseUrl,
    INDEXER: "false",
    SEED_DEMO: "false",
    WEB_DIST: webOut,
  });
  for (const r of routes) {
    r.sent = await routeAsSent(stack.url, r.files);
    log(
      `  ${r.route}: sent ${(r.sent.js / 1024).toFixed(1)} KiB of JS, ${(r.sent.css / 1024).toFixed(1)} KiB of CSS (${r.sent.encodings.join(", ")})`,
    );
  }
  const browser = await launchBrowser();
  const loads: PageLoad[] = [];
  try {
    for (const [network, { route, waitFor }] of NETWORKS.flatMap((n) => pages.map((p) => [n, p] as const))) {
      const runs: PageLoad["runs"] = [];
      for (let i = 0; i < sizes.webRuns + 1; i++) {
        // A new context each time: a cold cache, as on a first visit. The first round warms the server.
        const context = await browser.newContext();
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send("Performance.enable");
        if (network !== "loopback") {
          // DevTools' throttling: every request waits the RTT, and bytes come at 10 Mbit/s each way.
          await cdp.send("Network.enable");
          await cdp.send("Network.emulateNetworkConditions", {
            offline: false,
            latency: 40,
            downloadThroughput: 10_000_000 / 8,
            uploadThroughput: 10_000_000 / 8,
          });
        }
        await page.goto(stack.url + route, { waitUntil: "commit" });
        const dataMs = await (
          await page.waitForFunction((sel) => (document.querySelector(sel) ? performance.now() : false), waitFor, {
            polling: "raf",
            timeout: 30_000,
          })
        ).jsonValue();
        const fcpMs = await page.evaluate(
          () =>
            new Promise<number>((done) => {
              const seen = performance.getEntriesByName("first-contentful-paint")[0];
              if (seen) return done(seen.startTime);
              new PerformanceObserver((list) => {
                const e = list.getEntriesByName("first-contentful-paint")[0];
                if (e) done(e.startTime);
              }).observe({ type: "paint", buffered: true });
            }),
        );
        const { metrics } = await cdp.send("Performance.getMetrics");
        const heap = metrics.find((m) => m.name === "JSHeapUsedSize")?.value ?? 0;
        if (i > 0) runs.push({ fcpMs, dataMs: Number(dataMs), heapMB: heap / 2 ** 20 });
        await context.close();
      }
      const load = {
        route,
        network,
        waitFor,
        fcpMs: median(runs.map((r) => r.fcpMs)),
        dataMs: median(runs.map((r) => r.dataMs)),
        heapMB: median(runs.map((r) => r.heapMB)),
        runs,
      };
      loads.push(load);
      log(
        `  ${route} (${network}): FCP ${load.fcpMs.toFixed(0)} ms, data on screen ${load.dataMs.toFixed(0)} ms, heap ${load.heapMB.toFixed(1)} MB`,
      );
    }
  } finally {
    await browser.close();
    await stack.stop();
  }
  return { buildSeconds, routes, loads };
}

/** Chromium's Accept-Encoding. */
const BROWSER_ENCODINGS = "gzip, deflate, br, zstd";

/** A route's files fetched as a browser fetches them: the bytes on the wire (not decoded) per kind. */
export async function routeAsSent(
  baseUrl: string,
  files: string[],
): Promise<{ js: number; css: number; encodings: string[] }> {
  const sent = { js: 0, css: 0, encodings: new Set<string>() };
  for (const file of files) {
    const { bytes, encoding } = await bytesAsSent(`${baseUrl}/${file}`);
    sent[file.endsWith(".css") ? "css" : "js"] += bytes;
    sent.encodings.add(encoding);
  }
  return { js: sent.js, css: sent.css, encodings: [...sent.encodings] };
}

function bytesAsSent(url: string): Promise<{ bytes: number; encoding: string }> {
  return new Promise((done, fail) => {
    const req = request(url, { headers: { "accept-encoding": BROWSER_ENCODINGS } }, (res) => {
      if (res.statusCode !== 200) fail(new Error(`GET ${url} answered ${res.statusCode}`));
      let bytes = 0;
      res.on("data", (chunk: Buffer) => {
        bytes += chunk.length;
      });
      res.on("end", () => done({ bytes, encoding: String(res.headers["content-encoding"] ?? "identity") }));
      res.on("error", fail);
    });
    req.on("error", fail);
    req.end();
  });
}
