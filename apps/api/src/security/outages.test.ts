/**
 * Backing services going away under a running API: PostgreSQL behind a TCP proxy the test cuts and
 * restores, and the chain RPC behind a gateway taken down and brought back. Users get a 503 with a message
 * while it lasts, and the same process serves again once the service is back (no restart). Embedded
 * PGlite lives in the API's own process and cannot become unreachable, so the database half needs
 * TEST_DATABASE_URL (CI sets it). The indexer's retries and catch-up after an RPC outage are in
 * chain/indexer/indexer.test.ts.
 */
import { createServer, type Server, Socket } from "node:net";
import { messages } from "@classcoin/shared/messages";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { createChainClient, RPC_TRIES } from "../chain/clients";
import { DEFAULT_RPC_TIMEOUT_MS, loadConfig } from "../config";
import { type Database, openDatabase, openPostgres } from "../db/client";
import { profiles } from "../db/schema";
import type { App } from "../deps";
import { IDLE_SOCKET_TIMEOUT_MS } from "../http/connection-limits";
import { createTestApp, type TestApp } from "../testing/app";
import { startTestChain, type TestChain } from "../testing/chain";
import { createThrowawayPostgres } from "../testing/database";
import { type RpcGateway, startRpcGateway } from "../testing/rpc-gateway";
import { signIn } from "../testing/sign-in";

const UNAVAILABLE = "A backing service (database or chain) is unavailable. Please try again in a moment.";

interface TcpProxy {
  port: number;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

/** A TCP proxy to host:port that can drop every connection and refuse new ones, then come back. */
async function startTcpProxy(host: string, port: number): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let listenPort = 0;
  const up = async () => {
    const next = createServer((client) => {
      const upstream = new Socket();
      sockets.add(client);
      sockets.add(upstream);
      const drop = () => {
        client.destroy();
        upstream.destroy();
        sockets.delete(client);
        sockets.delete(upstream);
      };
      client.on("error", drop).on("close", drop);
      upstream.on("error", drop).on("close", drop);
      upstream.connect(port, host, () => {
        client.pipe(upstream);
        upstream.pipe(client);
      });
    });
    await new Promise<void>((resolve) => next.listen(listenPort, "127.0.0.1", () => resolve()));
    listenPort = (next.address() as { port: number }).port;
    server = next;
  };
  const down = async () => {
    const current = server;
    server = undefined;
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
  };
  await up();
  return { port: listenPort, cut: down, restore: up, close: down };
}

let chain: TestChain;
beforeAll(async () => {
  chain = await startTestChain();
});
afterAll(async () => {
  await chain?.stop();
});

async function eventually(check: () => Promise<boolean>, what: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const adminUrl = process.env.TEST_DATABASE_URL;

describe("PostgreSQL unreachable", () => {
  it.skipIf(!adminUrl)("reads and writes answer 503 with a message, and the same process recovers", async () => {
    const throwaway = await createThrowawayPostgres(adminUrl);
    const target = new URL(adminUrl!);
    const proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
    const viaProxy = new URL(adminUrl!);
    viaProxy.hostname = "127.0.0.1";
    viaProxy.port = String(proxy.port);
    viaProxy.pathname = `/${throwaway.name}`;
    let database: Database | undefined;
    let app: App | undefined;
    try {
      database = await openPostgres(viaProxy.toString());
      const config = loadConfig({
        CHAIN: "local",
        RPC_URL: chain.rpcUrl,
        TOKEN_ADDRESS: chain.tokenAddress,
        PUBLIC_URL: "http://localhost:5173",
        SEED_DEMO: "false",
        INDEXER: "false",
        RATE_LIMIT: "false",
        LOG_LEVEL: "silent",
        // The reads below must reach the database: a warm response cache (http/response-cache.ts) answers
        // them without it, and correctly so (no instance can write while the database is down), until the
        // lost LISTEN connection flushes it.
        RESPONSE_CACHE_MB: "0",
      });
      app = await buildApp({ config, database, chain: createChainClient(config) });
      await app.ready();
      const t = { app, config, database, close: async () => {} } as TestApp;
      const cookie = await signIn(t, 1);
      const get = (url: string) => app!.inject({ method: "GET", url });
      expect((await get("/api/posts")).statusCode).toBe(200);

      for (let round = 0; round < 3; round++) {
        await proxy.cut();
        for (const url of ["/api/posts", "/api/profiles", "/api/explorer/transactions", "/api/auth/me"]) {
          const res = await app.inject({ method: "GET", url, headers: { cookie } });
          expect(res.statusCode, `${url}: ${res.body}`).toBe(503);
          expect(res.json()).toEqual({ error: UNAVAILABLE });
        }
        const write = await app.inject({
          method: "POST",
          url: "/api/posts/vote",
          headers: { cookie },
          payload: { postId: "1", type: "up", voterWallet: chain.wallet(1).account.address },
        });
        expect(write.statusCode, write.body).toBe(503);
        await proxy.restore();
        await eventually(async () => (await get("/api/posts")).statusCode === 200, "the database to answer again");
        expect((await app.inject({ method: "GET", url: "/api/auth/me", headers: { cookie } })).statusCode).toBe(200);
      }
    } finally {
      await app?.close();
      await database?.close().catch(() => {});
      await proxy.close();
      await throwaway.drop();
    }
  });
});

describe("PostgreSQL stalled", () => {
  it.skipIf(!adminUrl)(
    "a request waiting on a lock nobody releases is answered 503 at DB_STATEMENT_TIMEOUT_SECONDS, and the pool serves again",
    async () => {
      const throwaway = await createThrowawayPostgres(adminUrl);
      const config = loadConfig({
        CHAIN: "local",
        RPC_URL: chain.rpcUrl,
        TOKEN_ADDRESS: chain.tokenAddress,
        PUBLIC_URL: "http://localhost:5173",
        DATABASE_URL: throwaway.url,
        SEED_DEMO: "false",
        INDEXER: "false",
        RATE_LIMIT: "false",
        LOG_LEVEL: "silent",
        RESPONSE_CACHE_MB: "0",
        DB_STATEMENT_TIMEOUT_SECONDS: "0.5",
      });
      const database = await openDatabase(config);
      const app = await buildApp({ config, database, chain: createChainClient(config) });
      // Another session (a stuck instance, an operator's open transaction) holds the posts table.
      const stuck = new pg.Client({ connectionString: throwaway.url });
      try {
        await app.ready();
        const t = { app, config, database, close: async () => {} } as TestApp;
        const cookie = await signIn(t, 1);
        await stuck.connect();
        await stuck.query("BEGIN");
        await stuck.query("LOCK TABLE posts IN ACCESS EXCLUSIVE MODE");
        // More requests than the pool has connections: none keeps one.
        const started = Date.now();
        const answers = await Promise.all(
          Array.from({ length: 12 }, () => app.inject({ method: "GET", url: "/api/posts" })),
        );
        const vote = await app.inject({
          method: "POST",
          url: "/api/posts/vote",
          headers: { cookie },
          payload: { postId: "1", type: "up", voterWallet: chain.wallet(1).account.address },
        });
        const elapsed = Date.now() - started;
        for (const res of [...answers, vote]) {
          expect(res.statusCode, res.body).toBe(503);
          expect(res.json()).toEqual({ error: messages.input.databaseTooSlow });
        }
        // 12 reads on 10 connections, then the vote: two rounds of the limit and some, not minutes.
        expect(elapsed).toBeLessThan(10_000);
        // What does not need the table still answers meanwhile.
        expect((await app.inject({ method: "GET", url: "/api/auth/me", headers: { cookie } })).statusCode).toBe(200);
        await stuck.query("ROLLBACK");
        expect((await app.inject({ method: "GET", url: "/api/posts" })).statusCode).toBe(200);
      } finally {
        await stuck.end().catch(() => {});
        await app.close();
        await database.close();
        await throwaway.drop();
      }
    },
  );
});

describe("chain RPC unreachable", () => {
  let gateway: RpcGateway;
  let t: TestApp;
  beforeAll(async () => {
    gateway = await startRpcGateway(chain.rpcUrl);
    await chain.fund(chain.wallet(1).account.address, 10);
  });
  afterAll(async () => {
    await t?.close();
    await gateway?.down();
  });

  it("requests that need the chain answer 503 with a message; the rest keep working; recovery needs no restart", async () => {
    t = await createTestApp(chain, "pglite", { RPC_URL: gateway.url });
    const cookie = await signIn(t, 1);
    await t.database.db.insert(profiles).values({
      wallet: chain.wallet(1).account.address.toLowerCase(),
      name: "Ada",
      birthday: "2010-01-01",
      starSign: "Leo",
    });
    await gateway.down();
    const health = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toEqual({ error: UNAVAILABLE });
    const post = await t.app.inject({
      method: "POST",
      url: "/api/posts",
      headers: { cookie },
      payload: { authorWallet: chain.wallet(1).account.address, content: "hello" },
    });
    expect(post.statusCode, post.body).toBe(503);
    expect(post.json()).toEqual({ error: UNAVAILABLE });
    // Reads of the database alone are unaffected.
    expect((await t.app.inject({ method: "GET", url: "/api/posts" })).statusCode).toBe(200);
    await gateway.up();
    await eventually(
      async () => (await t.app.inject({ method: "GET", url: "/api/health" })).statusCode === 200,
      "the chain to answer again",
    );
  });

  it("a provider that hangs is answered 503 within the RPC time limit, tried twice, not left to the socket's cut", async () => {
    const hanging = await createTestApp(chain, "pglite", { RPC_URL: gateway.url, RPC_TIMEOUT_MS: "1000" });
    try {
      const cookie = await signIn(hanging, 1);
      gateway.hanging = true;
      const callsBefore = gateway.calls.get("eth_call") ?? 0;
      const started = Date.now();
      const post = await hanging.app.inject({
        method: "POST",
        url: "/api/posts",
        headers: { cookie },
        payload: { authorWallet: chain.wallet(1).account.address, content: "anyone there?" },
      });
      const took = Date.now() - started;
      expect([post.statusCode, post.json()]).toEqual([503, { error: UNAVAILABLE }]);
      // The balance read, tried twice for 1 s each: not once, not three times, and not left hanging.
      expect((gateway.calls.get("eth_call") ?? 0) - callsBefore).toBe(RPC_TRIES);
      expect(took).toBeGreaterThanOrEqual(RPC_TRIES * 1_000);
    } finally {
      gateway.hanging = false;
      await hanging.close();
    }
  });

  it("the default time limit, tried twice, answers before a reading socket's idle limit cuts the request", () => {
    // Before: 15 s tried three times, 45 s; a GET that needed the chain lost its socket at 30 s with no answer.
    expect(DEFAULT_RPC_TIMEOUT_MS * RPC_TRIES + 1_000).toBeLessThan(IDLE_SOCKET_TIMEOUT_MS);
    expect(loadConfig({ CHAIN: "local" }).rpcTimeoutMs).toBe(DEFAULT_RPC_TIMEOUT_MS);
  });
});
