/**
 * `@fastify/rate-limit`'s Redis store, keyed as the library keys it — `<nameSpace><method><url>-<key>` for a
 * route's limit — except for limits made with `createRateLimit` (the new-session cap, the per-IP ceilings): the
 * library gives those an empty route, and keyed them `<nameSpace>undefinedundefined-<key>`. Their key is now
 * `<nameSpace><key>`, where `<key>` already names the limit and the client (`new-session:ip:<address>`).
 */
import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import LibraryRedisStore from "@fastify/rate-limit/store/RedisStore.js";
import type { Redis } from "ioredis";

type Counted = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * What a store is made from: the limit's merged options and, for a route's limit, its route (`routeInfo`; `{}`
 * for `createRateLimit`). The library's typings call this the route's options; it passes the merged ones.
 */
interface StoreOptions {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  routeInfo?: { method?: unknown; url?: unknown };
}

export function redisStore(redis: Redis, nameSpace: string): FastifyRateLimitStoreCtor {
  class RedisStore implements FastifyRateLimitStore {
    private readonly inner: LibraryRedisStore;
    constructor(
      options: FastifyRateLimitOptions | StoreOptions,
      private readonly prefix = nameSpace,
    ) {
      const { continueExceeding, exponentialBackoff } = options as StoreOptions;
      this.inner = new LibraryRedisStore(continueExceeding ?? false, exponentialBackoff ?? false, redis, prefix);
    }
    incr(key: string, callback: Counted, timeWindow: number, max: number): void {
      this.inner.incr(key, callback, timeWindow, max);
    }
    /** Reads a count without adding to it (`createRateLimit`'s `increment: false`). */
    read(key: string, callback: Counted, timeWindow: number, max: number): void {
      this.inner.read(key, callback, timeWindow, max);
    }
    child(routeOptions: Parameters<FastifyRateLimitStore["child"]>[0]): FastifyRateLimitStore {
      const options = routeOptions as unknown as StoreOptions;
      const { method, url } = options.routeInfo ?? {};
      const route = method !== undefined && url !== undefined ? `${method}${url}-` : "";
      return new RedisStore(options, `${this.prefix}${route}`);
    }
  }
  return RedisStore;
}
