/**
 * Where rate-limit counters live. With REDIS_URL, in Redis (`@fastify/rate-limit`'s Redis store over
 * ioredis), so every instance behind a load balancer counts the same requests: a second post within the
 * window is refused whichever instance it reaches. Without it, in each instance's memory (right for one
 * instance; with several, each allows the full limit).
 *
 * If Redis stops answering, requests are let through unlimited rather than refused (`skipOnError`), and a
 * warning is logged: a classroom keeps working while Redis is restored. No request waits for Redis longer
 * than its command timeout (redis-connection.ts).
 */
import type { RateLimitPluginOptions } from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import { redisStore } from "./rate-limit-redis-store";
import { connectRedis } from "./redis-connection";

export function rateLimitStoreOptions(app: FastifyInstance): Partial<RateLimitPluginOptions> {
  const url = app.deps.config.redisUrl;
  if (!url) return {};
  const redis = connectRedis(app, url, {
    name: "classcoin-rate-limit",
    holds: "rate limits",
    without: "requests are not rate-limited until it returns",
  });
  return { store: redisStore(redis, "classcoin:rate-limit:"), skipOnError: true };
}
