/**
 * Rate limits across instances: with REDIS_URL every instance counts the same requests; without it, each
 * counts its own. The Redis cases run when TEST_REDIS_URL is set (e.g. redis://127.0.0.1:6379).
 */
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import Fastify, { type FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import { afterEach, describe, expect, it } from "vitest";
import { newSessionLimiter } from "../auth/session-limit";
import type { Config } from "../config";
import type { AppDeps } from "../deps";
import { freePort } from "../testing/free-port";
import { rateLimitConfig, registerRateLimit } from "./rate-limit";
import { REDIS_COMMAND_TIMEOUT_MS, REDIS_PING_MS } from "./redis-connection";

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

/** One "instance": the app's real rate-limit registration, and a route allowing 2 requests a minute. */
async function instance(
  path: string,
  redisUrl: string | undefined,
  log?: { write(line: string): void },
): Promise<FastifyInstance> {
  const app = Fastify(log ? { logger: { level: "info", stream: log } } : {});
  app.decorate("deps", { config: { rateLimit: true, redisUrl } as Config } as AppDeps);
  await registerRateLimit(app);
  app.get(path, { config: rateLimitConfig(2, "1 minute") }, async () => ({ ok: true }));
  await app.ready();
  apps.push(app);
  return app;
}

const statuses = async (calls: [FastifyInstance, string][]) => {
  const out: number[] = [];
  for (const [app, url] of calls) out.push((await app.inject({ method: "GET", url })).statusCode);
  return out;
};

describe("rate limits across instances", () => {
  it("behavior: without REDIS_URL each instance counts its own requests", async () => {
    const path = `/limited-${randomUUID()}`;
    const [a, b] = [await instance(path, undefined), await instance(path, undefined)];
    expect(
      await statuses([
        [a, path],
        [a, path],
        [a, path],
        [b, path],
      ]),
    ).toEqual([200, 200, 429, 200]);
  });

  it.runIf(process.env.TEST_REDIS_URL)(
    "behavior: with REDIS_URL the second instance refuses what the first used up",
    async () => {
      const path = `/limited-${randomUUID()}`;
      const url = process.env.TEST_REDIS_URL;
      const [a, b] = [await instance(path, url), await instance(path, url)];
      expect(
        await statuses([
          [a, path],
          [b, path],
          [a, path],
          [b, path],
        ]),
      ).toEqual([200, 200, 429, 429]);
      const refused = await b.inject({ method: "GET", url: path });
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    },
  );

  it("behavior: an unreachable Redis lets requests through (unlimited) instead of failing them", async () => {
    const path = `/limited-${randomUUID()}`;
    const a = await instance(path, "redis://127.0.0.1:9");
    const started = Date.now();
    expect(
      await statuses([
        [a, path],
        [a, path],
        [a, path],
      ]),
    ).toEqual([200, 200, 200]);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it.runIf(existsSync("/usr/bin/redis-server"))(
    "behavior: a Redis that stops answering (paused, connection open) delays no request past its timeout",
    async () => {
      // From the OS: a random port in 20,000–40,000 could be in use (Linux hands out client ports from 32,768),
      // and this Redis then never started (a CI run: "never counted a request").
      const port = await freePort();
      const redis = spawn("/usr/bin/redis-server", ["--port", String(port), "--save", "", "--appendonly", "no"], {
        stdio: "ignore",
      });
      try {
        const path = `/limited-${randomUUID()}`;
        const logged: string[] = [];
        const a = await instance(path, `redis://127.0.0.1:${port}`, { write: (line) => logged.push(line) });
        // Counting through Redis works first: the third request within the minute is refused.
        let codes: number[] = [];
        for (let tries = 0; !codes.includes(429); tries++) {
          if (tries > 50) throw new Error(`Redis on port ${port} never counted a request: ${codes.join(", ")}`);
          await new Promise((resolve) => setTimeout(resolve, 100));
          codes = await statuses([[a, path]]);
        }
        redis.kill("SIGSTOP");
        const started = Date.now();
        const during = await statuses([
          [a, path],
          [a, path],
          [a, path],
        ]); // over the limit, but not counted: let through
        const took = Date.now() - started;
        expect(during).toEqual([200, 200, 200]);
        // Before: the first request waited for Redis as long as it was paused (15 s and more).
        expect(took, `three requests with Redis paused took ${took} ms`).toBeLessThan(
          3 * REDIS_COMMAND_TIMEOUT_MS + 1_500,
        );
        // And the log says so (before: nothing; a hung Redis raised no error, only timed-out commands).
        const warned = () => logged.some((line) => line.includes("Redis (rate limits) unreachable"));
        const deadline = Date.now() + REDIS_PING_MS + 3_000;
        while (!warned() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
        expect(warned(), logged.join("")).toBe(true);
      } finally {
        redis.kill("SIGCONT");
        redis.kill("SIGKILL");
      }
    },
  );

  it.runIf(existsSync("/usr/bin/redis-server"))(
    "security: the new-session cap and the per-IP ceilings are keyed by their name and the client's address",
    async () => {
      const port = await freePort();
      const server = spawn("/usr/bin/redis-server", ["--port", String(port), "--save", "", "--appendonly", "no"], {
        stdio: "ignore",
      });
      const url = `redis://127.0.0.1:${port}`;
      const redis = new Redis(url, { lazyConnect: true, retryStrategy: () => 100 });
      redis.on("error", () => {}); // refused until the server listens: waitForRedis retries
      try {
        await waitForRedis(redis);
        const path = `/limited-${randomUUID()}`;
        const app = Fastify();
        app.decorate("deps", { config: { rateLimit: true, redisUrl: url } as Config } as AppDeps);
        await registerRateLimit(app);
        const sessions = newSessionLimiter(app);
        app.get(path, { config: rateLimitConfig(2, "1 minute") }, async () => ({ ok: true }));
        app.post("/sign-in", async (request) => {
          await sessions.count(request);
          return { ok: true };
        });
        await app.ready();
        apps.push(app);
        const client = "203.0.113.7";
        expect((await app.inject({ method: "GET", url: path, remoteAddress: client })).statusCode).toBe(200);
        expect((await app.inject({ method: "POST", url: "/sign-in", remoteAddress: client })).statusCode).toBe(200);
        // Before, the limits made with createRateLimit were keyed "classcoin:rate-limit:undefinedundefined-…"
        // (the library's empty route for them), a key that named no limit.
        expect((await redis.keys("*")).sort()).toEqual([
          `classcoin:rate-limit:GET${path}-ip:${client}`,
          `classcoin:rate-limit:ip-ceiling:GET:${path}:${client}`,
          `classcoin:rate-limit:new-session:ip:${client}`,
        ]);
      } finally {
        redis.disconnect();
        server.kill("SIGKILL");
      }
    },
  );
});

/** Resolves once the Redis just spawned answers (it takes a moment to listen). */
async function waitForRedis(redis: Redis): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      if (redis.status === "wait") await redis.connect();
      if ((await redis.ping()) === "PONG") return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
