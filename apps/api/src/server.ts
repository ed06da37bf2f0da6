/**
 * Runs the API (and the built web app) from environment configuration and `.env`: `npm run serve` runs its
 * build, `node apps/api/dist/server.js` (scripts/build-server.ts). `npm start` calls `startServer` after
 * bringing up the local chain.
 */

import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { buildApp } from "./app";
import { createChainClient } from "./chain/clients";
import { attachIndexer } from "./chain/indexer/attach";
import { indexerRole } from "./chain/indexer/role";
import { detectMulticall3 } from "./chain/multicall";
import { type Config, loadConfig } from "./config";
import { openDatabase } from "./db/client";
import type { App } from "./deps";
import { describeEnvFile, loadEnvFile } from "./env-file";
import { separateFeedImages } from "./features/feed/separate-images";
import { settlingInterval, startAppPaymentSettler } from "./payment-settling";
import { installGracefulShutdown } from "./shutdown";
import { describeStartFailure } from "./start-failure";

export const defaultWebDist = resolve(fileURLToPath(import.meta.url), "../../../web/dist");

export interface RunningServer {
  app: App;
  url: string;
  close(): Promise<void>;
}

type AfterBuildHook = (app: App) => Promise<void>;

export async function startServer(config: Config, hooks: { afterBuild?: AfterBuildHook } = {}): Promise<RunningServer> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    statementTimeoutMs: config.statementTimeoutMs,
  });
  const separated = await separateFeedImages(database.db);
  // Batch reads through Multicall3 only where the chain has it (a Sepolia stand-in or a fresh anvil has not).
  const multicall3 = await detectMulticall3(config.rpcUrl);
  const chain = createChainClient(config, { multicall3 });
  const app = await buildApp(
    { config: { ...config, webDist: config.webDist ?? defaultWebDist }, database, chain },
    { logger: config.logLevel !== "silent" },
  );
  if (separated > 0) app.log.info(`Feed images encoded apart from projects' and photos' (once): ${separated}`);
  if (config.indexer) attachIndexer(app);
  await hooks.afterBuild?.(app);
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close();
    await database.close();
    if ((error as { code?: string }).code === "EADDRINUSE") {
      throw new Error(`Port ${config.port} is already in use. Stop the other process or set PORT to a free port.`);
    }
    throw error;
  }
  const settler = startAppPaymentSettler(app, { everyMs: settlingInterval(config.chain) });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  return {
    app,
    url: `http://localhost:${port}`,
    async close() {
      await settler.stop();
      await app.close();
      await database.close();
    },
  };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  let server: RunningServer;
  let config: Config;
  try {
    const envFile = loadEnvFile();
    config = loadConfig();
    server = await startServer(config);
    const chain = server.app.deps.chain.chain;
    server.app.log.info(
      `ClassCoin API ready in ${process.uptime().toFixed(2)} s (CPU ${(process.cpuUsage().user / 1e6).toFixed(2)} s): ${config.chainName} (chain id ${config.chainId}), ` +
        `database ${server.app.deps.database.kind}, indexer ${indexerRole(server.app)}, ` +
        `Multicall3 ${chain?.contracts?.multicall3 ? "found: reads batched" : "absent: reads not batched"}, ` +
        `rate limits ${!config.rateLimit ? "off" : config.redisUrl ? "shared through Redis" : "per instance"}; ${describeEnvFile(envFile)}`,
    );
  } catch (error) {
    console.error(describeStartFailure(error));
    process.exit(1);
  }
  console.log(`ClassCoin API listening on ${server.url}`);
  installGracefulShutdown(server, { drainMs: config.shutdownDrainMs ?? 10_000, log: server.app.log });
}
