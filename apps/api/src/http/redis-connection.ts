/**
 * A Redis connection for state every instance shares (rate-limit counters, live-update stream counts), opened
 * from REDIS_URL. A Redis that stops answering (a hung or paused server, a silent network) must not hold
 * requests: a command gets REDIS_COMMAND_TIMEOUT_MS, and while the connection is down commands fail at once
 * instead of queueing for the reconnect (before: a request waited as long as Redis did, 15 s and more, or
 * 0.5-2.5 s per reconnect). Its users then go on without Redis, which the log says once per outage. A Redis
 * that hangs with its connection open raises no error, only commands that time out: a ping every
 * REDIS_PING_MS finds it (before, limits were off with nothing in the log).
 */
import type { FastifyInstance } from "fastify";
import { Redis } from "ioredis";

export const REDIS_COMMAND_TIMEOUT_MS = 250;
export const REDIS_PING_MS = 5_000;

export interface RedisUse {
  /** The connection's name in Redis's CLIENT LIST. */
  name: string;
  /** What it holds, for the log: "rate limits". */
  holds: string;
  /** What the instance does without it, for the log: "requests are not rate-limited until it returns". */
  without: string;
}

/** Connects to `url`; the app is ready once Redis is (or after a second), and the connection closes with it. */
export function connectRedis(app: FastifyInstance, url: string, use: RedisUse): Redis {
  const redis = new Redis(url, {
    connectTimeout: 1_000,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectionName: use.name,
  });
  let failing = false;
  const unreachable = (error: Error) => {
    if (failing) return;
    failing = true;
    app.log.warn(`Redis (${use.holds}) unreachable: ${error.message}; ${use.without}`);
  };
  const reachable = () => {
    if (failing) app.log.info(`Redis (${use.holds}) reachable again`);
    failing = false;
  };
  redis.on("error", unreachable);
  redis.on("ready", reachable);
  // Commands fail at once until the connection is up (no offline queue), so an instance that took requests
  // before then went without Redis for its first ones: it is ready once Redis is, or after connectTimeout.
  app.addHook("onReady", async () => {
    if (redis.status === "ready") return;
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        redis.off("ready", done);
        resolve();
      };
      const timer = setTimeout(done, 1_000);
      redis.once("ready", done);
    });
  });
  const ping = setInterval(() => {
    if (redis.status !== "ready") return; // the connection's own errors say so
    redis.ping().then(reachable, unreachable);
  }, REDIS_PING_MS);
  ping.unref();
  app.addHook("onClose", async () => {
    clearInterval(ping);
    await redis.quit().catch(() => redis.disconnect());
  });
  return redis;
}
