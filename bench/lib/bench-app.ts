/**
 * The real API app for the benchmarks: a throw-away database (PGlite in a fresh data folder, as a server
 * keeps it, or a fresh PostgreSQL database `classcoin_bench_<random>`; either is removed afterwards), the app built exactly as the server builds it,
 * plus one extra route, `/bench/ceiling/:name`, that answers stored bytes from memory: the same Fastify,
 * the same sockets, no work. Its req/s is the ceiling each endpoint is compared with.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildApp } from "@classcoin/api/app";
import { createChainClient } from "@classcoin/api/chain/clients";
import { type Config, loadConfig } from "@classcoin/api/config";
import { type Database, type DatabaseKind, openPglite, openPostgres } from "@classcoin/api/db/client";
import type { App } from "@classcoin/api/deps";
import { createThrowawayPostgres } from "@classcoin/api/testing/database";

export const POSTGRES_ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

export async function createBenchDatabase(kind: DatabaseKind): Promise<Database & { url?: string }> {
  if (kind === "pglite") {
    // A data folder, not an in-memory database: a server's PGlite keeps its pages in files (and the OS's file
    // cache), an in-memory one keeps every page in WebAssembly memory, which the memory figures would count.
    const dataDir = mkdtempSync(join(tmpdir(), "classcoin-bench-pglite-"));
    const database = await openPglite(dataDir);
    return {
      ...database,
      async close() {
        await database.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const throwaway = await createThrowawayPostgres(POSTGRES_ADMIN_URL, "classcoin_bench");
  const database = await openPostgres(throwaway.url);
  return {
    ...database,
    url: throwaway.url,
    async close() {
      await database.close();
      await throwaway.drop();
    },
  };
}

export interface BenchApp {
  app: App;
  config: Config;
  database: Database;
  url: string;
  /** Makes `/bench/ceiling/<name>` answer exactly these bytes (and content type). */
  setCeiling(name: string, body: Buffer, contentType: string): void;
  close(): Promise<void>;
}

export function benchConfig(rpcUrl: string, tokenAddress: `0x${string}`): Config {
  return loadConfig({
    CHAIN: "local",
    RPC_URL: rpcUrl,
    TOKEN_ADDRESS: tokenAddress,
    DATA_DIR: "bench/.tmp/unused",
    PUBLIC_URL: "http://localhost:5173",
    SEED_DEMO: "false",
    INDEXER: "false",
    // The benchmark drives one session at thousands of requests per second; the limits would answer 429.
    RATE_LIMIT: "false",
    LOG_LEVEL: "silent",
  });
}

/**
 * Builds the app over `database` (which installs the explorer triggers) and listens on a free port.
 *
 * Without the production cap of requests per kept-alive socket (http/connection-limits.ts, 1,000), unless
 * `keepSocketCap`: Node answers the request that passes it with `Connection: close`, and every later request
 * on that socket with a 503. A browser reconnects; autocannon does not: it keeps sending on the socket, so
 * past 1,000 requests per connection (a 2 s run at 5,000 req/s over 10 connections) every answer was a
 * cheap 503, counted as non-2xx and inflating the req/s of the endpoint and of the ceiling route (bench/cache.ts
 * measures both ways).
 */
export async function startBenchApp(
  database: Database,
  config: Config,
  options: { keepSocketCap?: boolean } = {},
): Promise<BenchApp> {
  const app = await buildApp({ config, database, chain: createChainClient(config) });
  if (!options.keepSocketCap) app.server.maxRequestsPerSocket = 0;
  const ceilings = new Map<string, { body: Buffer; type: string }>();
  // GET and POST: the vote's ceiling is loaded with the vote's own POST requests (a GET-only route answered
  // them 404, cheap non-2xx that made the vote's ceiling meaningless).
  app.route({
    method: ["GET", "POST"],
    url: "/bench/ceiling/:name",
    handler: async (request, reply) => {
      const { name } = request.params as { name: string };
      const c = ceilings.get(name);
      if (!c) return reply.status(404).send();
      return reply.header("content-type", c.type).send(c.body);
    },
  });
  // A reference, not an endpoint: one database round trip and nothing else (the floor of any read).
  app.get("/bench/select-1", async () => {
    await database.db.execute("SELECT 1");
    return { ok: true };
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    app,
    config,
    database,
    url: `http://127.0.0.1:${port}`,
    setCeiling: (name, body, type) => ceilings.set(name, { body, type }),
    close: () => app.close(),
  };
}
