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
/** A stop that takes longer than this (a database that does not answer) exits anyway. */
const STOP_LIMIT_MS = 15_000;

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
  const stop = stopper(async (say) => {
    // The batch in flight is written first, then the lock is let go: a standby takes over from its checkpoint.
    await indexer.stop();
    if (election) {
      const leading = election.role === "leader";
      await election.stop();
      say(leading ? "Indexer: leader lock released; a standby takes over" : "Indexer: no longer standing by");
    }
    await database.close();
  });
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

/**
 * The stop sequence for a signal, saying what it does as the server's does (shutdown.ts): the signal, each
 * step, and "ClassCoin indexer stopped"; exit 0 (1 if a step failed). Before, the indexer exited without a
 * word. The same signal twice within a second is one request (Ctrl-C signals both `npm` and node, and
 * `npm run indexer` passes its copy on); another signal, or a stop that hangs, exits at once.
 */
function stopper(close: (say: (line: string) => void) => Promise<void>): (signal: NodeJS.Signals) => Promise<void> {
  const say = (line: string) => console.log(`${stamp()} ${line}`);
  let stopping: { signal: NodeJS.Signals; at: number } | undefined;
  return async (signal) => {
    if (stopping) {
      if (signal === stopping.signal && Date.now() - stopping.at < 1_000) return;
      console.warn(`${stamp()} ${signal} again: exiting without waiting`);
      process.exit(1);
    }
    const started = Date.now();
    stopping = { signal, at: started };
    say(`${signal}: stopping the indexer; finishing the batch in flight`);
    const hang = setTimeout(() => {
      console.error(`${stamp()} The indexer did not stop in ${STOP_LIMIT_MS / 1000} s; exiting`);
      process.exit(1);
    }, STOP_LIMIT_MS);
    hang.unref();
    let code = 0;
    try {
      await close(say);
    } catch (error) {
      code = 1;
      console.error(`${stamp()} Error while stopping: ${(error as Error).message}`);
    }
    clearTimeout(hang);
    say(`ClassCoin indexer stopped (${signal}) in ${Date.now() - started} ms`);
    process.exit(code);
  };
}
