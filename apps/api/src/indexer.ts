/**
 * The Transfer indexer on its own (`npm run indexer`), configured from the environment (and `.env`) like
 * the server. On PostgreSQL any number may run: one is elected leader and indexes, the others stand by
 * (chain/indexer/leader.ts). The embedded PGlite database can only be opened by one process, so run it
 * alone there or use DATABASE_URL.
 */
import { createChainClient } from "./chain/clients";
import { createIndexer } from "./chain/indexer/indexer";
import { type LeaderElection, startLeaderElection } from "./chain/indexer/leader";
import { ConfigError, loadConfig } from "./config";
import { openDatabase } from "./db/client";
import { loadEnvFile } from "./env-file";

const stamp = () => new Date().toISOString();

try {
  loadEnvFile();
  const config = loadConfig();
  if (!config.tokenAddress) throw new ConfigError("TOKEN_ADDRESS is not set: there is no token to index");
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    statementTimeoutMs: config.statementTimeoutMs,
  });
  const indexer = createIndexer({
    database,
    chain: createChainClient(config),
    config,
    log: {
      info: (m) => console.log(`${stamp()} ${m}`),
      warn: (m) => console.warn(`${stamp()} ${m}`),
      error: (m) => console.error(`${stamp()} ${m}`),
    },
  });
  const log = {
    info: (m: string) => console.log(`${stamp()} ${m}`),
    warn: (m: string) => console.warn(`${stamp()} ${m}`),
  };
  let election: LeaderElection | undefined;
  if (config.databaseUrl) {
    election = startLeaderElection({
      connectionString: config.databaseUrl,
      lead: () => indexer.start(),
      resign: () => indexer.stop(),
      log,
    });
  } else {
    indexer.start();
  }
  console.log(`${stamp()} Indexing ClassCoin ${config.tokenAddress} (Ctrl-C stops)`);
  const stop = async () => {
    await election?.stop();
    await indexer.stop();
    await database.close();
    process.exit(0);
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
