/**
 * Builds the real app over a test chain and a fresh database, for `app.inject()` (no port). The admin wallet
 * and the treasury key are the file's account 0, which owns the file's token; `env` overrides anything.
 */
import { buildApp } from "../app";
import { createChainClient } from "../chain/clients";
import { type Config, loadConfig } from "../config";
import type { Database, DatabaseKind } from "../db/client";
import type { App } from "../deps";
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
    ADMIN_WALLET: chain.account(0).address,
    TREASURY_PRIVATE_KEY: chain.account(0).privateKey,
    DATA_DIR: "data/test-unused",
    PUBLIC_URL: "http://localhost:5173",
    SEED_DEMO: "false",
    INDEXER: "false",
    RATE_LIMIT: "false",
    LOG_LEVEL: "silent",
    // Off unless a test asks for it: feature tests write fixtures straight into the database, which no
    // live event announces (http/response-cache.test.ts runs the routes with it on).
    RESPONSE_CACHE_MB: "0",
    // New Feed posts announced at once: announced at the next whole minute (the default) they wrote a live
    // event in the middle of a later test's "changes nothing" comparison (authorization.test.ts, once in a
    // CI run). feed.test.ts asks for a span of its own.
    FEED_ANNOUNCE_SECONDS: "0",
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
