/**
 * `npm run bench [-- --quick] [-- --only api,growth,indexer,web,startup,cache,rpc]`: runs the benchmarks on this
 * machine and writes bench/results/<section>.json and bench/REPORT.md. Not part of `npm test`.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { startTestChain } from "@classcoin/api/testing/chain";
import { benchApi } from "./api";
import { benchCache } from "./cache";
import { benchIndexer } from "./indexer";
import { median } from "./lib/load";
import { machineInfo } from "./lib/machine";
import { writeReport } from "./report";
import { benchRpcUsage } from "./rpc-usage";
import { fullSizes, quickSizes } from "./sizes";
import { benchStartup } from "./startup";
import { benchWeb } from "./web";

const args = process.argv.slice(2);
const quick = args.includes("--quick");
const onlyArg = args.find((a) => a.startsWith("--only"));
const only = onlyArg ? (onlyArg.split("=")[1] ?? args[args.indexOf(onlyArg) + 1] ?? "").split(",") : undefined;
const wants = (section: string) => !only || only.includes(section);
/** `--pg-only`: skip the PGlite throughput run (development). */
const pgOnly = args.includes("--pg-only");
const sizes = quick ? quickSizes : fullSizes;
const benchDir = import.meta.dirname;
const resultsDir = join(benchDir, quick ? ".tmp/results-quick" : "results");
mkdirSync(resultsDir, { recursive: true });

const started = Date.now();
const log = (line: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}`);
const save = (name: string, data: unknown) =>
  writeFileSync(join(resultsDir, `${name}.json`), `${JSON.stringify(data, null, 2)}\n`);
const loaded = (name: string) => {
  try {
    return JSON.parse(readFileSync(join(resultsDir, `${name}.json`), "utf8"));
  } catch {
    return undefined;
  }
};

if (args.includes("--report-only")) {
  writeReport(join(benchDir, quick ? ".tmp/REPORT-quick.md" : "REPORT.md"), {
    run: loaded("run"),
    apiPostgres: loaded("api-postgres"),
    apiPglite: loaded("api-pglite"),
    indexer: loaded("indexer"),
    web: loaded("web"),
    startup: loaded("startup"),
    cache: loaded("cache"),
    rpc: loaded("rpc"),
  });
  process.exit(0);
}

const before = machineInfo();
// The machine is shared: the 1-minute load average every 10 s shows how busy it was during the run.
const loadSamples: number[] = [];
const sampler = setInterval(() => loadSamples.push(machineInfo().loadavg[0] ?? 0), 10_000);
log(`ClassCoin benchmarks (${quick ? "quick" : "full"}); load average ${before.loadavg.join(" ")}`);

if (wants("api") || wants("web")) {
  const chain = await startTestChain();
  try {
    log("API on postgres (growth, then throughput at full size)");
    const web = async (databaseUrl: string | undefined) => {
      if (!wants("web") || !databaseUrl) return;
      log("Web: bundles, and page loads over the same PostgreSQL database");
      save("web", await benchWeb(sizes, log, databaseUrl));
    };
    const pg = await benchApi(chain, "postgres", sizes, log, { load: wants("api"), withDatabase: web });
    if (wants("api")) {
      save("api-postgres", pg);
    }
    if (wants("api") && !pgOnly) {
      log("API on pglite");
      save("api-pglite", await benchApi(chain, "pglite", sizes, log));
    }
  } finally {
    await chain.stop();
  }
}
if (wants("cache")) {
  log("Response cache: hot reads warm and cold against the ceiling, RSS");
  save("cache", await benchCache(quick, log));
}
if (wants("indexer")) {
  log("Indexer catch-up");
  save("indexer", await benchIndexer(sizes, log, { pglite: !pgOnly }));
}
if (wants("rpc")) {
  log("RPC calls to the server's RPC_URL: idle, page views, actions (CHAIN=sepolia on anvil, 12 s blocks)");
  save("rpc", await benchRpcUsage(quick, log));
}
if (wants("startup")) {
  log("Start-up");
  save("startup", await benchStartup(sizes, log));
}

clearInterval(sampler);
const after = machineInfo();
const load1 = {
  min: Math.min(...loadSamples),
  median: median(loadSamples),
  max: Math.max(...loadSamples),
  samples: loadSamples.length,
};
const run = {
  load1,
  quick,
  date: new Date().toISOString(),
  seconds: (Date.now() - started) / 1000,
  before,
  after,
  sizes,
};
save("run", run);
const reportPath = join(benchDir, quick ? ".tmp/REPORT-quick.md" : "REPORT.md");
writeReport(reportPath, {
  run,
  apiPostgres: loaded("api-postgres"),
  apiPglite: loaded("api-pglite"),
  indexer: loaded("indexer"),
  web: loaded("web"),
  startup: loaded("startup"),
  cache: loaded("cache"),
  rpc: loaded("rpc"),
});
// The JSON as the repository's formatter writes it, so `npm run lint` stays clean after a run.
if (!quick)
  execFileSync(join(benchDir, "../node_modules/.bin/biome"), ["format", "--write", resultsDir], { stdio: "ignore" });
log(`Done in ${((Date.now() - started) / 60_000).toFixed(1)} min; wrote ${reportPath}`);
process.exit(0);
