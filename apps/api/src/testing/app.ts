/** Builds the real app over a test chain and a fresh database, for `app.inject()` (no port). */
import { type App, buildApp } from "../app";
import { createChainClient } from "../chain/clients";
import { type Config, loadConfig } from "../config";
import type { Database, DatabaseKind } from "../db/client";
import type { TestChain } from "./chain";
import { createTestDatabase } from "./database";

export interface TestApp {
  app: App;
  config: Config;
  database: Database;
  close(): Promise<void>;
}

export async function createTestApp(
  chain: TestChain,
  kind: DatabaseKind,
  env: Record<string, string> = {},
): Promise<TestApp> {
  const config = loadConfig({
    CHAIN: "local",
    RPC_URL: chain.rpcUrl,
    TOKEN_ADDRESS: chain.tokenAddress,
    DATA_DIR: "data/test-unused",
    PUBLIC_URL: "http://localhost:5173",
    SEED_DEMO: "false",
    INDEXER: "false",
    RATE_LIMIT: "false",
    LOG_LEVEL: "silent",
    ...env,
  });
  const database = await createTestDatabase(kind);
  const app = await buildApp({ config, database, chain: createChainClient(config) });
  await app.ready();
  return {
    app,
    config,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
