/** The library's Redis store (a CommonJS file without types of its own), used by rate-limit-redis-store.ts. */
declare module "@fastify/rate-limit/store/RedisStore.js" {
  import type { Redis } from "ioredis";

  type Counted = (error: Error | null, result?: { current: number; ttl: number }) => void;

  export default class RedisStore {
    constructor(continueExceeding: boolean, exponentialBackoff: boolean, redis: Redis, key: string);
    incr(key: string, callback: Counted, timeWindow: number, max: number): void;
    read(key: string, callback: Counted, timeWindow: number, max: number): void;
  }
}
