/**
 * Runs the API (and the built web app) from environment configuration:
 * `tsx apps/api/src/server.ts`. `npm start` calls `startServer` after bringing up the local chain.
 */

import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { type App, buildApp } from "./app";
import { createChainClient } from "./chain/clients";
import { attachIndexer } from "./chain/indexer/attach";
import { type Config, loadConfig } from "./config";
import { openDatabase } from "./db/client";

export const defaultWebDist = resolve(fileURLToPath(import.meta.url), "../../../web/dist");

export interface RunningServer {
  app: App;
  url: string;
  close(): Promise<void>;
}

type AfterBuildHook = (app: App) => Promise<void>;

export async function startServer(config: Config, hooks: { afterBuild?: AfterBuildHook } = {}): Promise<RunningServer> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const chain = createChainClient(config);
  const app = await buildApp(
    { config: { ...config, webDist: config.webDist ?? defaultWebDist }, database, chain },
    { logger: config.logLevel !== "silent" },
  );
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
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  return {
    app,
    url: `http://localhost:${port}`,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const config = loadConfig();
  const server = await startServer(config);
  console.log(`ClassCoin API listening on ${server.url}`);
  const stop = async () => {
    await server.close();
    process.exit(0);
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}
