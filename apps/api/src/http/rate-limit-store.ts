/**
 * Where rate-limit counters live. With REDIS_URL, in Redis (`@fastify/rate-limit`'s Redis store over
 * ioredis), so every instance behind a load balancer counts the same requests: a second post within the
 * window is refused whichever instance it reaches. Without it, in each instance's memory (right for one
 * instance; with several, each allows the full limit).
 *
 * If Redis stops answering, requests are let through unlimited rather than refused (`skipOnError`), and a
 * warning is logged: a classroom keeps working while Redis is restored.
 */
import type { RateLimitPluginOptions } from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import { Redis } from "ioredis";

export const REDIS_COMMAND_TIMEOUT_MS = 250;

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
  redis.on("error", (error: Error) => {
    if (failing) return;
    failing = true;
    app.log.warn(`Redis (rate limits) unreachable: ${error.message}; requests are not rate-limited until it returns`);
  });
  redis.on("ready", () => {
    if (failing) app.log.info("Redis (rate limits) reachable again");
    failing = false;
  });
  app.addHook("onClose", async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
  return { redis, nameSpace: "classcoin:rate-limit:", skipOnError: true };
}
