/** Writes bench/REPORT.md from the results: the machine, every figure, and each target met or not. */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ApiResult } from "./api";
import { type CacheResult, cacheReport, cacheTargets } from "./cache";
import type { IndexerResult } from "./indexer";
import type { MachineInfo } from "./lib/machine";
import type { MethodCalls, RpcUsageResult } from "./rpc-usage";
import type { Sizes } from "./sizes";
import type { StartupResult } from "./startup";
import type { WebResult } from "./web";

export interface ReportInput {
  run: {
    quick: boolean;
    date: string;
    seconds: number;
    before: MachineInfo;
    after: MachineInfo;
    load1: { min: number; median: number; max: number; samples: number };
    sizes: Sizes;
  };
  apiPostgres?: ApiResult;
  apiPglite?: ApiResult;
  indexer?: IndexerResult;
  web?: WebResult;
  startup?: StartupResult;
  cache?: CacheResult;
  rpc?: RpcUsageResult;
}

const n0 = (v: number) => Math.round(v).toLocaleString("en");
const ms = (v: number) => (v < 10 ? v.toFixed(2) : v.toFixed(1));
const pct = (v: number) => `${(100 * v).toFixed(0)} %`;
const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const ok = (met: boolean | undefined) => (met === undefined ? "not measured" : met ? "met" : "**missed**");

export function writeReport(path: string, r: ReportInput): void {
  const { run } = r;
  const m = run.before;
  const out: string[] = [];
  const line = (s = "") => out.push(s);
  line("# ClassCoin benchmarks");
  line();
  line(
    `Written by \`npm run bench${run.quick ? " -- --quick" : ""}\` on ${run.date.slice(0, 16).replace("T", " ")} UTC`,
  );
  line(
    `(${(run.seconds / 60).toFixed(1)} min). Raw figures: \`bench/${run.quick ? ".tmp/results-quick" : "results"}/*.json\`.`,
  );
  line();
  line("| machine | |");
  line("|---|---|");
  line(`| CPU | ${m.cpuModel}, ${m.nproc} cores (nproc) |`);
  line(`| memory | ${m.memoryGiB} GiB |`);
  line(`| Node.js | ${m.node} |`);
  line(`| load average (1, 5, 15 min) before | ${m.loadavg.join(", ")} |`);
  line(`| load average after | ${run.after.loadavg.join(", ")} |`);
  line(
    `| 1-min load during the run (every 10 s) | min ${run.load1.min.toFixed(2)}, median ${run.load1.median.toFixed(2)}, max ${run.load1.max.toFixed(2)} |`,
  );
  line();
  line("Reproduce: `npm ci` (PostgreSQL on 127.0.0.1:5432, trust auth; Chromium at /usr/bin/chromium), then");
  line(
    "`npm run bench` (about 25 min on this 2-core machine, over 30 on a slow day), or `npm run bench -- --quick` (small sizes, ~3 min, writes to bench/.tmp/).",
  );
  line("`--only api,indexer,web,startup` runs some sections (web needs api's database, so `--only web` also seeds);");
  line("`--report-only` rewrites this file from the saved results.");
  line();
  line("How it measures: each figure is the median of several runs; each ratio compares two things measured");
  line("alternately in the same run. HTTP load: autocannon, 10 connections, pipelining 1, in a worker thread of");
  line(
    `the benchmark process (the server and the load generator share the ${m.nproc} cores), ${run.sizes.load.warmupSeconds} s warm-up,`,
  );
  line(
    `${run.sizes.load.runs} × ${run.sizes.load.seconds} s per endpoint. **RATE_LIMIT=false** for the benchmark (one session`,
  );
  line("votes thousands of times a second). The ceiling is the same Fastify app answering the same bytes from");
  line("memory (`/bench/ceiling/<n>`). The chain RPC goes through a counting proxy, so a read that touches the");
  line("chain shows up.");
  line();
  const findings = join(import.meta.dirname, "findings.md");
  const targets = targetRows(r);
  line("## Targets");
  line();
  line("| target | measured | |");
  line("|---|---|---|");
  for (const t of targets) line(`| ${t.target} | ${t.measured} | ${ok(t.met)} |`);
  line();
  if (existsSync(findings)) {
    line(readFileSync(findings, "utf8").trim());
    line();
  }
  for (const api of [r.apiPostgres, r.apiPglite]) {
    if (!api || api.endpoints.length === 0) continue;
    const s = run.sizes.community;
    line(`## API throughput on ${api.kind === "postgres" ? "PostgreSQL" : "PGlite (embedded, in-process)"}`);
    line();
    line(
      `Data: ${n0(s.profiles)} profiles, ${n0(s.posts)} posts with ${s.votesPerPost} votes each, 4 × ${s.projectsPerNumber} project submissions, ${n0(
        run.sizes.growthStages.at(-1) ?? 0,
      )} transactions (bulk SQL, ${api.seedSeconds.toFixed(0)} s; for loads of 50,000 rows or more the secondary indexes are dropped and rebuilt around the insert).`,
    );
    line();
    line("| endpoint | bytes | req/s | p50 ms | p99 ms | ceiling req/s | of ceiling | chain RPC calls |");
    line("|---|---:|---:|---:|---:|---:|---:|---|");
    for (const e of api.endpoints) {
      const rpc = Object.entries(e.rpcCalls)
        .map(([k, v]) => `${k} × ${v}`)
        .join(", ");
      line(
        `| ${e.name} | ${n0(e.bytes)} | ${n0(e.endpoint.reqPerSec)} | ${e.endpoint.p50} | ${e.endpoint.p99} | ${n0(
          e.ceiling.reqPerSec,
        )} | ${pct(e.ratio)} | ${rpc || "none"} |`,
      );
    }
    line();
  }
  const growth = r.apiPostgres?.growth ?? [];
  if (growth.length > 0) {
    line("## Explorer growth on PostgreSQL: first and last page");
    line();
    line(
      `Sequential requests (one client, no concurrency), ${run.sizes.latencySamples} per series after 100 warm-up requests: page 1 and the last page of each filter ("Page x of y": page y). The wallet is the busiest one; the date filter covers 20 of the 90 days. Milliseconds.`,
    );
    line();
    line("| rows | filter | pages | page 1 p50 / p99 | last page p50 / p99 | last / first p50 | last / first p99 |");
    line("|---:|---|---:|---:|---:|---:|---:|");
    for (const g of growth) {
      for (const f of growthFilters(g)) {
        const a = g.latency[`${f}, page 1`];
        const b = g.latency[`${f}, last page`];
        if (!a || !b) continue;
        line(
          `| ${n0(g.rows)} | ${f} | ${n0(g.pages?.[f] ?? 0)} | ${ms(a.p50)} / ${ms(a.p99)} | ${ms(b.p50)} / ${ms(b.p99)} | ${(b.p50 / a.p50).toFixed(2)} | ${(b.p99 / a.p99).toFixed(2)} |`,
        );
      }
    }
    line();
    line("| rows | stats p50 / p99 |");
    line("|---:|---:|");
    for (const g of growth)
      line(`| ${n0(g.rows)} | ${ms(g.latency.stats?.p50 ?? 0)} / ${ms(g.latency.stats?.p99 ?? 0)} |`);
    line();
  }
  if (r.indexer) {
    line("## Indexer catch-up (anvil → PostgreSQL and PGlite)");
    line();
    line(
      "Two chains side by side: **dense** (mintBatch of 1,000 recipients per transaction, plus transfers) and **sparse** (one transfer per block, as a class on Sepolia looks). On each, raw `eth_getLogs` reads of all the token's logs (about 5,000 logs per call, as the indexer asks for, JSON parsed) alternate with the indexer's catch-up into a fresh PostgreSQL and a fresh PGlite database; medians. **Floor**: after each catch-up, the same rows copied on the server (no parsing, no round trips; 5,000 rows a statement, in one transaction) back into `transactions` with its ten indexes and its triggers (aggregates, streams, holders, live events): no indexer can store them faster on that database, so floor / raw bounds indexer / raw. In brackets, the same copy in one statement into a table with the indexes and no triggers, and into one with neither. **Main thread busy per event**: the time the benchmark process's main thread was busy (event-loop utilization) per event during the indexer's catch-up (on PGlite the database runs on it too) and, in brackets, during the raw read (parsing the JSON). The indexer's wall time per event can be no less than its busy time, so 50 % of raw getLogs needs it at most twice the raw read's wall time per event.",
    );
    line();
    line(
      "| chain | database | events | blocks | raw getLogs events/s (blocks per call) | indexer events/s (seconds) | indexer / raw | floor events/s (no triggers; neither) | floor / raw | main thread busy µs per event: indexer (raw read) |",
    );
    line("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|");
    for (const x of [r.indexer.dense, r.indexer.sparse]) {
      for (const [name, d] of [
        ["PostgreSQL", x.indexer],
        ["PGlite", x.pglite],
      ] as const) {
        if (!d) continue;
        const floor = d.floor?.triggeredSeconds
          ? `${n0(d.floor.eventsPerSecond)} (${n0(d.rows / d.floor.indexedSeconds)}; ${n0(d.rows / d.floor.bareSeconds)}) | ${pct(d.floorRatio)}`
          : "– | –";
        const cpu =
          d.busyMicrosPerEvent && x.rawGetLogs.busyMicrosPerEvent
            ? `${d.busyMicrosPerEvent.toFixed(1)} (${x.rawGetLogs.busyMicrosPerEvent.toFixed(1)})`
            : "–";
        line(
          `| ${x.shape} | ${name} | ${n0(x.events)} | ${n0(x.blocks)} | ${n0(x.rawGetLogs.eventsPerSecond)} (${n0(x.rawGetLogs.blocksPerCall)}) | ${n0(d.eventsPerSecond)} (${d.seconds.toFixed(2)} s) | **${pct(d.eventsPerSecond / x.rawGetLogs.eventsPerSecond)}** | ${floor} | ${cpu} |`,
        );
      }
    }
    line();
  }
  if (r.web) {
    line("## Web app");
    line();
    line(
      "Initial JavaScript and CSS of each route from the production build (Vite manifest): the entry chunk and its static imports, plus the route's lazy chunk and its static imports. **As sent**: the bytes on the wire when a browser (`Accept-Encoding: gzip, deflate, br, zstd`) fetches them from the running server, which sends the build's precompressed brotli files. For reference, gzip -9 and brotli -11 per file computed here. KiB = 1,024 bytes.",
    );
    line();
    line("| route | JS as sent | JS raw | JS gzip | JS brotli | CSS as sent | CSS raw | CSS gzip |");
    line("|---|---:|---:|---:|---:|---:|---:|---:|");
    for (const x of r.web.routes) {
      const sent = (v: number | undefined) => (v === undefined ? "-" : `**${kb(v)}**`);
      line(
        `| ${x.route} | ${sent(x.sent?.js)} | ${kb(x.js.raw)} | ${kb(x.js.gzip)} | ${kb(x.js.brotli)} | ${sent(x.sent?.css)} | ${kb(x.css.raw)} | ${kb(x.css.gzip)} |`,
      );
    }
    const encodings = [...new Set(r.web.routes.flatMap((x) => x.sent?.encodings ?? []))];
    if (encodings.length) {
      line();
      line(`Content-Encoding of those answers: ${encodings.join(", ")}.`);
    }
    line();
    line(
      `Page loads in headless Chromium against \`npm start\` on the benchmark's PostgreSQL database (${n0(
        run.sizes.community.posts,
      )} posts, ${n0(run.sizes.growthStages.at(-1) ?? 0)} transactions), a fresh browser context (cold cache) per load, median of ${run.sizes.webRuns} after one warm-up load.`,
    );
    line();
    line("| page | network | first contentful paint ms | data on screen ms (selector) | JS heap MB |");
    line("|---|---|---:|---:|---:|");
    for (const l of r.web.loads) {
      line(
        `| ${l.route} | ${l.network ?? "loopback"} | ${l.fcpMs.toFixed(0)} | ${l.dataMs.toFixed(0)} (\`${l.waitFor}\`) | ${l.heapMB.toFixed(1)} |`,
      );
    }
    line();
  }
  if (r.startup) {
    const s = r.startup;
    line("## Start-up (`npm start`, PGlite, anvil)");
    line();
    line('| start | to first /api/health 200 | to "Ready in" printed |');
    line("|---|---:|---:|");
    line(
      `| first (empty data folder: deploy, migrate, demo data) | ${s.first.healthSeconds.toFixed(1)} s | ${s.first.readySeconds.toFixed(1)} s |`,
    );
    line(
      `| warm (same data folder), median of ${s.warm.runs.length} | ${s.warm.healthSeconds.toFixed(1)} s | ${s.warm.readySeconds.toFixed(1)} s |`,
    );
    line();
  }
  if (r.cache) {
    for (const l of cacheReport(r.cache)) line(l);
    line();
  }
  if (r.rpc) {
    for (const l of rpcReport(r.rpc)) line(l);
    line();
  }
  writeFileSync(path, `${out.join("\n")}\n`);
}

/** What the server asks its RPC_URL for (what a provider meters), idle and per page view or action. */
function rpcReport(x: RpcUsageResult): string[] {
  const { setup: s, idle } = x;
  const sum = (calls: MethodCalls) => Object.values(calls).reduce((a, b) => a + b, 0);
  const byMethod = (calls: MethodCalls) =>
    Object.entries(calls)
      .map(([method, count]) => `${method} × ${count}`)
      .join(", ") || "none";
  const together = (measures: { calls: MethodCalls }[]) => {
    const calls: MethodCalls = {};
    for (const m of measures)
      for (const [method, count] of Object.entries(m.calls)) calls[method] = (calls[method] ?? 0) + count;
    return calls;
  };
  const pages = together(x.pages);
  const actions = together(x.actions);
  const methods = [...new Set([...Object.keys(idle.perHour), ...Object.keys(pages), ...Object.keys(actions)])].sort(
    (a, b) => (idle.perHour[b] ?? 0) - (idle.perHour[a] ?? 0) || a.localeCompare(b),
  );
  const requests = (list: string[]) =>
    list.map((q) => `\`${q.replace(/0x[0-9a-f]{40}/g, ":wallet")}\``).join(" ") || "-";
  const out = [
    "## RPC calls to the server's RPC_URL",
    "",
    `The server as on Sepolia (CHAIN=sepolia: the indexer polls every ${s.indexerPollMs / 1000} s, the payment settler runs every ${s.settlerEveryMs / 1000} s, CONFIRMATIONS=${s.confirmations}) over anvil with chain id ${s.chainId}, ${s.blockSeconds} s blocks and Multicall3 ${s.multicall3 ? "(reads batched, as on Sepolia)" : "**absent** (reads not batched)"}, ${s.students} students; its RPC_URL goes through a counting proxy. Idle: nobody on the site for ${n0(idle.seconds)} s (${idle.blocks} blocks), scaled to an hour and a day. A page view: the API reads its page makes for a signed-in student, caches cold. Browsers read the chain themselves over PUBLIC_RPC_URL (${x.browsersUsePublicRpc ? "the URL /api/config hands them" : "**not** the URL /api/config hands them"}), not counted here; the server sent PUBLIC_RPC_URL ${sum(x.publicRpcCalls)} calls.`,
    "",
    "| method | idle per hour | idle per day | every page below viewed once | every action below once |",
    "|---|---:|---:|---:|---:|",
    ...methods.map(
      (m) =>
        `| ${m} | ${n0(idle.perHour[m] ?? 0)} | ${n0(idle.perDay[m] ?? 0)} | ${n0(pages[m] ?? 0)} | ${n0(actions[m] ?? 0)} |`,
    ),
    `| **total** | **${n0(idle.totalPerHour)}** | **${n0(idle.totalPerDay)}** | **${n0(sum(pages))}** | **${n0(sum(actions))}** |`,
    "",
    "| page view or action | API requests | RPC calls by method | total |",
    "|---|---|---|---:|",
    ...x.pages.map(
      (p) =>
        `| ${p.name} | ${requests(p.requests)} | ${byMethod(p.calls)} (at once again: ${sum(p.warm)}) | ${p.total} |`,
    ),
    ...x.actions.map(
      (a) => `| ${a.name} | ${requests(a.requests)} | ${byMethod(a.calls)}${a.clean ? "" : " (≈)"} | ${a.total} |`,
    ),
    "",
    "How to read it: a day's calls ≈ idle per day + Σ (page views and actions a day × their calls), each method at your provider's price for it; the idle calls are the indexer's and do not grow with the class, the leaderboard's balance reads grow with the students (one eth_call per Multicall3 batch, one per student on a chain without it), and a cached answer (5 s) costs nothing.",
  ];
  if (x.browserTabs?.length) {
    out.push(
      "",
      "### A student's open tab: calls to PUBLIC_RPC_URL",
      "",
      "Browsers read the chain themselves through PUBLIC_RPC_URL, a keyless public endpoint that limits requests per IP, and a class behind one school NAT is one IP to it. Chromium on each page with an injected wallet connected (the student signed in as above), idle, counted by the same kind of proxy (it answers CORS preflights itself, without `Access-Control-Max-Age`, so Chromium repeats them after 5 s; a provider that sends a longer one saves those). Per hour, for 45 tabs (a class of 30, one and a half tabs each), multiply by 45.",
      "",
      "| page | idle | JSON-RPC calls (by method) | HTTP requests | calls per hour | requests per hour | 45 tabs: requests per second |",
      "|---|---:|---|---|---:|---:|---:|",
      ...x.browserTabs.map(
        (t) =>
          `| ${t.page} | ${n0(t.seconds)} s | ${byMethod(t.calls)} | ${byMethod(t.requests)} | ${n0(t.callsPerHour)} | ${n0(t.requestsPerHour)} | ${((t.requestsPerHour * 45) / 3600).toFixed(1)} |`,
      ),
    );
  }
  return out;
}

function targetRows(r: ReportInput): { target: string; measured: string; met?: boolean }[] {
  const rows: { target: string; measured: string; met?: boolean }[] = [];
  const last = r.apiPostgres?.growth.at(-1);
  const first = r.apiPostgres?.growth[0];
  const size = last ? n0(last.rows) : "full size";
  const pageSeries = last ? Object.keys(last.latency).filter((k) => k.includes("page")) : [];
  const worstPage = Math.max(...pageSeries.map((k) => last?.latency[k]?.p99 ?? 0));
  rows.push({
    target: `explorer page 1 and last page, any filter, p99 ≤ 20 ms at ${size} rows (PostgreSQL)`,
    measured: last ? `worst p99 ${ms(worstPage)} ms` : "-",
    met: last ? worstPage <= 20 : undefined,
  });
  if (last) {
    const ratios = growthFilters(last).map((f) => ({
      f,
      v: (last.latency[`${f}, last page`]?.p50 ?? 0) / (last.latency[`${f}, page 1`]?.p50 ?? 1),
    }));
    const worst = ratios.reduce((a, b) => (b.v > a.v ? b : a), { f: "-", v: 0 });
    rows.push({
      target: `explorer last page / page 1 latency ≤ 2 at ${size} rows (p50)`,
      measured: `worst ${worst.v.toFixed(2)} (${worst.f})`,
      met: worst.v <= 2,
    });
  }
  const stats = last?.latency.stats?.p99;
  rows.push({
    target: `explorer stats p99 ≤ 5 ms at ${size} rows`,
    measured: stats === undefined ? "-" : `${ms(stats)} ms`,
    met: stats === undefined ? undefined : stats <= 5,
  });
  if (first && last && first !== last) {
    const ratios = Object.keys(last.latency).map((k) => ({
      k,
      v: (last.latency[k]?.p50 ?? 0) / (first.latency[k]?.p50 ?? 1),
    }));
    const worst = ratios.reduce((a, b) => (b.v > a.v ? b : a));
    rows.push({
      target: `latency ratio ${n0(last.rows)} / ${n0(first.rows)} rows ≤ 2 (p50)`,
      measured: `worst ${worst.v.toFixed(2)} (${worst.k})`,
      met: worst.v <= 2,
    });
  }
  const reads = (r.apiPostgres?.endpoints ?? []).filter((e) => e.name.startsWith("GET"));
  if (reads.length) {
    const worst = reads.reduce((a, b) => (b.ratio < a.ratio ? b : a));
    rows.push({
      target: "every read endpoint ≥ 50 % of the ceiling's req/s (PostgreSQL)",
      measured: `lowest ${pct(worst.ratio)} (${worst.name})`,
      met: worst.ratio >= 0.5,
    });
  }
  if (r.indexer) {
    const { dense, sparse } = r.indexer;
    rows.push({
      target: "indexer ≥ 10,000 events/s (dense chain)",
      measured: `${n0(dense.indexer.eventsPerSecond)} events/s`,
      met: dense.indexer.eventsPerSecond >= 10_000,
    });
    for (const x of [dense, sparse]) {
      for (const [name, d] of [
        ["PostgreSQL", x.indexer],
        ["PGlite", x.pglite],
      ] as const) {
        if (!d) continue;
        const ratio = d.eventsPerSecond / x.rawGetLogs.eventsPerSecond;
        const floor = d.floor?.triggeredSeconds ? `; the database's floor: ${pct(d.floorRatio)}` : "";
        rows.push({
          target: `indexer ≥ 50 % of the raw getLogs rate, ${x.shape} chain, ${name}`,
          measured: `${pct(ratio)} (${n0(d.eventsPerSecond)} of ${n0(x.rawGetLogs.eventsPerSecond)} events/s${floor})`,
          met: ratio >= 0.5,
        });
      }
    }
  }
  if (r.web) {
    const sentJs = (x: (typeof r.web.routes)[number]) => x.sent?.js ?? x.js.gzip;
    const worst = r.web.routes.reduce((a, b) => (sentJs(b) > sentJs(a) ? b : a));
    rows.push({
      target: "JavaScript transferred per route ≤ 200 KiB (compressed, as sent)",
      measured: `largest ${kb(sentJs(worst))} KiB (${worst.route}${worst.sent ? "" : ", gzip -9: not measured as sent"})`,
      met: sentJs(worst) <= 200 * 1024,
    });
    const loopback = r.web.loads.filter((l) => (l.network ?? "loopback") === "loopback");
    const throttled = r.web.loads.filter((l) => l.network === "10 Mbit/s, 40 ms RTT");
    const fcp = Math.max(...loopback.map((l) => l.fcpMs));
    const data = Math.max(...loopback.map((l) => l.dataMs));
    if (throttled.length) {
      const slow = Math.max(...throttled.map((l) => l.fcpMs));
      rows.push({
        target: "FCP ≤ 700 ms at 10 Mbit/s and 40 ms RTT (/, /forum, /explorer)",
        measured: `worst ${slow.toFixed(0)} ms`,
        met: slow <= 700,
      });
    }
    rows.push({
      target: "first contentful paint ≤ 1 s (/, /forum, /explorer)",
      measured: `worst ${fcp.toFixed(0)} ms`,
      met: fcp <= 1000,
    });
    rows.push({ target: "data on screen ≤ 1.5 s", measured: `worst ${data.toFixed(0)} ms`, met: data <= 1500 });
  }
  if (r.cache) rows.push(...cacheTargets(r.cache));
  if (r.startup) {
    rows.push({
      target: "start-up ≤ 10 s, warm",
      measured: `${r.startup.warm.healthSeconds.toFixed(1)} s (first start ${r.startup.first.healthSeconds.toFixed(1)} s)`,
      met: r.startup.warm.healthSeconds <= 10,
    });
  }
  return rows;
}

/** The filters of a growth point, in the order measured. */
function growthFilters(g: { latency: Record<string, unknown> }): string[] {
  return Object.keys(g.latency)
    .filter((k) => k.endsWith(", page 1"))
    .map((k) => k.slice(0, -", page 1".length));
}
