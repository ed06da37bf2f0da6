/**
 * The Transfer indexer on its own (`npm run indexer`), configured from the environment like the server.
 * With several processes, the database's advisory lock lets one index at a time; the embedded PGlite
 * database can only be opened by one process, so run it alone there or use DATABASE_URL.
 */
import { createChainClient } from "./chain/clients";
import { createIndexer } from "./chain/indexer/indexer";
import { ConfigError, loadConfig } from "./config";
import { openDatabase } from "./db/client";
import { ensureExplorerAggregates } from "./features/explorer/aggregates";

const stamp = () => new Date().toISOString();

try {
  const config = loadConfig();
  if (!config.tokenAddress) throw new ConfigError("TOKEN_ADDRESS is not set: there is no token to index");
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await ensureExplorerAggregates(database.db);
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
  indexer.start();
  console.log(`${stamp()} Indexing ClassCoin ${config.tokenAddress} from ${config.rpcUrl} (Ctrl-C stops)`);
  const stop = async () => {
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
