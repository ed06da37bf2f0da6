/**
 * Profiles one endpoint under load: `npx tsx bench/profile.ts /api/explorer/transactions [seconds]`
 * (quick-size data on PostgreSQL; `RESPONSE_CACHE_MB=0` for the cold path). The CPU profile covers only the
 * measured load, not start-up or seeding: it is written to bench/.tmp/prof/<time>.cpuprofile and its
 * functions with the most self time are printed. How the findings in bench/findings.md were found.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { join } from "node:path";
import { startTestChain } from "@classcoin/api/testing/chain";
import { benchConfig, createBenchDatabase, startBenchApp } from "./lib/bench-app";
import { load } from "./lib/load";
import { addTransactions, seedCommunity } from "./lib/seed";
import { quickSizes } from "./sizes";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

/** Self time per function, most first. */
function topFunctions(profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }, count: number) {
  const byNode = new Map<number, ProfileNode>(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const frame = byNode.get(id)!.callFrame;
    const where = frame.url.split("node_modules/").pop() ?? "";
    const key = `${frame.functionName || "(anonymous)"} ${where}:${frame.lineNumber + 1}`;
    const delta = profile.timeDeltas[i] ?? 0;
    self.set(key, (self.get(key) ?? 0) + delta);
    total += delta;
  });
  return [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([key, micros]) => `${((micros / total) * 100).toFixed(1).padStart(5)} %  ${key}`);
}

const path = process.argv[2] ?? "/api/explorer/transactions";
const seconds = Number(process.argv[3] ?? 5);
const chain = await startTestChain();
const database = await createBenchDatabase("postgres");
const bench = await startBenchApp(database, {
  ...benchConfig(chain.rpcUrl, chain.tokenAddress),
  responseCacheMb: Number(process.env.RESPONSE_CACHE_MB ?? 64),
});
const session = new Session();
session.connect();
try {
  await seedCommunity(database.db, quickSizes.community);
  await addTransactions(database.db, 1, 20_000, quickSizes.community.profiles);
  await load(bench.url, [{ path }], { seconds: 1 });
  await session.post("Profiler.enable");
  await session.post("Profiler.start");
  const run = await load(bench.url, [{ path }], { seconds });
  const { profile } = await session.post("Profiler.stop");
  const folder = join(import.meta.dirname, ".tmp/prof");
  mkdirSync(folder, { recursive: true });
  const file = join(folder, `${Date.now()}.cpuprofile`);
  writeFileSync(file, JSON.stringify(profile));
  console.log(
    `${path}: ${run.reqPerSec.toFixed(0)} req/s, p50 ${run.p50} ms, p99 ${run.p99} ms, non-2xx ${run.non2xx}`,
  );
  console.log(`CPU profile of the load (main thread): ${file}`);
  for (const line of topFunctions(profile as Parameters<typeof topFunctions>[0], 30)) console.log(line);
} finally {
  session.disconnect();
  await bench.close();
  await database.close();
  await chain.stop();
}
