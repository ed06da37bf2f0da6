/**
 * Profiles one endpoint under load: `node --cpu-prof --cpu-prof-dir=bench/.tmp/prof --import tsx
 * bench/profile.ts /api/explorer/transactions [seconds]` (quick-size data on PostgreSQL), then prints the
 * functions with the most self time. How the findings in bench/findings.md were found.
 */
import { startTestChain } from "@classcoin/api/testing/chain";
import { benchConfig, createBenchDatabase, startBenchApp } from "./lib/bench-app";
import { load } from "./lib/load";
import { addTransactions, seedCommunity } from "./lib/seed";
import { quickSizes } from "./sizes";

const path = process.argv[2] ?? "/api/explorer/transactions";
const seconds = Number(process.argv[3] ?? 5);
const chain = await startTestChain();
const database = await createBenchDatabase("postgres");
const bench = await startBenchApp(database, benchConfig(chain.rpcUrl, chain.tokenAddress));
try {
  await seedCommunity(database.db, quickSizes.community);
  await addTransactions(database.db, 1, 20_000, quickSizes.community.profiles);
  await load(bench.url, [{ path }], { seconds: 1 });
  const run = await load(bench.url, [{ path }], { seconds });
  console.log(
    `${path}: ${run.reqPerSec.toFixed(0)} req/s, p50 ${run.p50} ms, p99 ${run.p99} ms, non-2xx ${run.non2xx}`,
  );
} finally {
  await bench.close();
  await database.close();
  await chain.stop();
}
