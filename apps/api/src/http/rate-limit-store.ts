/**
 * Where rate-limit counters live. With REDIS_URL, in Redis (`@fastify/rate-limit`'s Redis store over
 * ioredis), so every instance behind a load balancer counts the same requests: a second post within the
 * window is refused whichever instance it reaches. Without it, in each instance's memory (right for one
 * instance; with several, each allows the full limit).
 *
 * If Redis stops answering, requests are let through unlimited rather than refused (`skipOnError`), and a
 * warning is logged: a classroom keeps working while Redis is restored. A Redis that hangs with its
 * connection open raises no error, only commands that time out, which `skipOnError` swallows: a ping every
 * REDIS_PING_MS finds it (before, limits were off with nothing in the log).
 */
import type { RateLimitPluginOptions } from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import { Redis } from "ioredis";

export const REDIS_COMMAND_TIMEOUT_MS = 250;
export const REDIS_PING_MS = 5_000;

export function rateLimitStoreOptions(app: FastifyInstance): Partial<RateLimitPluginOptions> {
  const url = app.deps.config.redisUrl;
  if (!url) return {};
  const redis = new Redis(url, {
    connectTimeout: 1_000,
    // A Redis that stops answering (a hung or paused server, a silent network) must not hold requests: a
    // command gets 250 ms, and while the connection is down commands fail at once instead of queueing for
    // the reconnect (before: a request waited as long as Redis did, 15 s and more, or 0.5-2.5 s per reconnect).
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectionName: "classcoin-rate-limit",
  });
  let failing = false;
  const unreachable = (error: Error) => {
    if (failing) return;
    failing = true;
    app.log.warn(`Redis (rate limits) unreachable: ${error.message}; requests are not rate-limited until it returns`);
  };
  const reachable = () => {
    if (failing) app.log.info("Redis (rate limits) reachable again");
    failing = false;
  };
  redis.on("error", unreachable);
  redis.on("ready", reachable);
  // Commands fail at once until the connection is up (no offline queue), so an instance that took requests
  // before then let its first ones through unlimited: it is ready once Redis is, or after connectTimeout.
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
  return { redis, nameSpace: "classcoin:rate-limit:", skipOnError: true };
}
