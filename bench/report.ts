/** Writes bench/REPORT.md from the results: the machine, every figure, and each target met or not. */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ApiResult } from "./api";
import type { IndexerResult } from "./indexer";
import type { MachineInfo } from "./lib/machine";
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
    `| 1-min load during the run (every 10 s) | min ${run.load1.min}, median ${run.load1.median}, max ${run.load1.max} |`,
  );
  line();
  line("Reproduce: `npm ci` (PostgreSQL on 127.0.0.1:5432, trust auth; Chromium at /usr/bin/chromium), then");
  line(
    "`npm run bench` (9 min on a quiet machine), or `npm run bench -- --quick` (small sizes, ~3 min, writes to bench/.tmp/).",
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
    line("## Explorer growth on PostgreSQL");
    line();
    line(
      `Sequential requests (one client, no concurrency), ${run.sizes.latencySamples} per series after a warm-up; pages cycle 1–10. Milliseconds.`,
    );
    line();
    const series = Object.keys(growth[0]?.latency ?? {});
    line(`| rows | ${series.map((s) => `${s} p50 / p99`).join(" | ")} |`);
    line(`|---:|${series.map(() => "---:").join("|")}|`);
    for (const g of growth) {
      line(
        `| ${n0(g.rows)} | ${series.map((s) => `${ms(g.latency[s]?.p50 ?? 0)} / ${ms(g.latency[s]?.p99 ?? 0)}`).join(" | ")} |`,
      );
    }
    const first = growth[0];
    const last = growth.at(-1);
    if (first && last && last !== first) {
      line(
        `| **ratio ${n0(last.rows)} / ${n0(first.rows)}** | ${series
          .map(
            (s) =>
              `${((last.latency[s]?.p50 ?? 0) / (first.latency[s]?.p50 ?? 1)).toFixed(2)} / ${(
                (last.latency[s]?.p99 ?? 0) / (first.latency[s]?.p99 ?? 1)
              ).toFixed(2)}`,
          )
          .join(" | ")} |`,
      );
    }
    line();
  }
  if (r.indexer) {
    const x = r.indexer;
    line("## Indexer catch-up (anvil → PostgreSQL)");
    line();
    line(
      `${n0(x.events)} Transfer events in ${n0(x.blocks)} blocks (mintBatch of 1,000 recipients per transaction, plus transfers; made in ${x.makeSeconds.toFixed(0)} s).`,
    );
    line();
    line("| reader | seconds | events/s |");
    line("|---|---:|---:|");
    line(
      `| raw \`eth_getLogs\` (${x.rawGetLogs.blocksPerCall} blocks per call, JSON parsed) | ${x.rawGetLogs.seconds.toFixed(2)} | ${n0(x.rawGetLogs.eventsPerSecond)} |`,
    );
    line(
      `| the indexer's catch-up (${n0(x.indexer.rows)} rows written) | ${x.indexer.seconds.toFixed(2)} | ${n0(x.indexer.eventsPerSecond)} |`,
    );
    line(`| **ratio** | | ${pct(x.ratio)} |`);
    line();
  }
  if (r.web) {
    line("## Web app");
    line();
    line(
      "Initial JavaScript and CSS of each route from the production build (Vite manifest): the entry chunk and its static imports, plus the route's lazy chunk and its static imports; gzip -9 and brotli -11 per file. KB = 1,024 bytes.",
    );
    line();
    line("| route | JS raw | JS gzip | JS brotli | CSS raw | CSS gzip | CSS brotli |");
    line("|---|---:|---:|---:|---:|---:|---:|");
    for (const x of r.web.routes) {
      line(
        `| ${x.route} | ${kb(x.js.raw)} | ${kb(x.js.gzip)} | ${kb(x.js.brotli)} | ${kb(x.css.raw)} | ${kb(x.css.gzip)} | ${kb(x.css.brotli)} |`,
      );
    }
    line();
    line(
      `Page loads in headless Chromium against \`npm start\` on the benchmark's PostgreSQL database (${n0(
        run.sizes.community.posts,
      )} posts, ${n0(run.sizes.growthStages.at(-1) ?? 0)} transactions), a fresh browser context (cold cache) per load, median of ${run.sizes.webRuns} after one warm-up load.`,
    );
    line();
    line("| page | first contentful paint ms | data on screen ms (selector) | JS heap MB |");
    line("|---|---:|---:|---:|");
    for (const l of r.web.loads) {
      line(
        `| ${l.route} | ${l.fcpMs.toFixed(0)} | ${l.dataMs.toFixed(0)} (\`${l.waitFor}\`) | ${l.heapMB.toFixed(1)} |`,
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
  writeFileSync(path, `${out.join("\n")}\n`);
}

function targetRows(r: ReportInput): { target: string; measured: string; met?: boolean }[] {
  const rows: { target: string; measured: string; met?: boolean }[] = [];
  const last = r.apiPostgres?.growth.at(-1);
  const first = r.apiPostgres?.growth[0];
  const size = last ? n0(last.rows) : "full size";
  const pageSeries = last ? Object.keys(last.latency).filter((k) => k.startsWith("pages")) : [];
  const worstPage = Math.max(...pageSeries.map((k) => last?.latency[k]?.p99 ?? 0));
  rows.push({
    target: `explorer pages 1–10, any filter, p99 ≤ 20 ms at ${size} rows (PostgreSQL)`,
    measured: last ? `worst p99 ${ms(worstPage)} ms` : "-",
    met: last ? worstPage <= 20 : undefined,
  });
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
    rows.push({
      target: "indexer ≥ 10,000 events/s",
      measured: `${n0(r.indexer.indexer.eventsPerSecond)} events/s`,
      met: r.indexer.indexer.eventsPerSecond >= 10_000,
    });
    rows.push({
      target: "indexer ≥ 50 % of the raw getLogs rate",
      measured: pct(r.indexer.ratio),
      met: r.indexer.ratio >= 0.5,
    });
  }
  if (r.web) {
    const worst = r.web.routes.reduce((a, b) => (b.js.gzip > a.js.gzip ? b : a));
    rows.push({
      target: "initial JavaScript of any route ≤ 200 KB gzip",
      measured: `largest ${kb(worst.js.gzip)} KB (${worst.route})`,
      met: worst.js.gzip <= 200 * 1024,
    });
    const fcp = Math.max(...r.web.loads.map((l) => l.fcpMs));
    const data = Math.max(...r.web.loads.map((l) => l.dataMs));
    rows.push({
      target: "first contentful paint ≤ 1 s (/, /forum, /explorer)",
      measured: `worst ${fcp.toFixed(0)} ms`,
      met: fcp <= 1000,
    });
    rows.push({ target: "data on screen ≤ 1.5 s", measured: `worst ${data.toFixed(0)} ms`, met: data <= 1500 });
  }
  if (r.startup) {
    rows.push({
      target: "start-up ≤ 10 s, warm",
      measured: `${r.startup.warm.healthSeconds.toFixed(1)} s (first start ${r.startup.first.healthSeconds.toFixed(1)} s)`,
      met: r.startup.warm.healthSeconds <= 10,
    });
  }
  return rows;
}
