/**
 * Per-route request limits. Keys are the session wallet when there is one (so a class behind one school
 * NAT is not limited as a single user), else the client IP, an IPv6 client's /64 (http/client-key.ts). Off
 * with RATE_LIMIT=false. Counters are shared by every instance through Redis when REDIS_URL is set
 * (rate-limit-store.ts), per instance otherwise.
 */

import { messages } from "@classcoin/shared/messages";
import fastifyRateLimit from "@fastify/rate-limit";
import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from "fastify";
import { getSessionWallet } from "../auth/session";
import { HttpError } from "../http-errors";
import { clientKey } from "./client-key";
import { rateLimitStoreOptions } from "./rate-limit-store";

/** Route `config` that limits the route to `max` requests per `timeWindow` (ms or e.g. "1 minute"). */
export function rateLimitConfig(max: number, timeWindow: number | string): FastifyContextConfig {
  return { rateLimit: { max, timeWindow } };
}

/** The limits routes use: spread into a route's options as `config`. */
export const limits = {
  /**
   * Nonce and verify: keyed by the client IP ALWAYS, never by a session cookie that comes along (the
   * global key below would switch to the wallet, and any cookie then bypassed the limit: security/
   * sign-in-limits.test.ts). Generous for a classroom sharing one address; new sessions are also capped
   * per IP per hour (auth/session-limit.ts).
   */
  signIn: {
    rateLimit: {
      max: 60,
      timeWindow: "1 minute",
      keyGenerator: (request: FastifyRequest) => `ip:${clientKey(request.ip)}`,
    },
  } satisfies FastifyContextConfig,
  /** Writes with a body (posts, votes, profiles without a file). */
  write: rateLimitConfig(30, "1 minute"),
  /** Uploads cost CPU (image re-encoding). */
  upload: rateLimitConfig(10, "1 minute"),
} as const;

export async function registerRateLimit(app: FastifyInstance): Promise<void> {
  if (!app.deps.config.rateLimit) return;
  await app.register(fastifyRateLimit, {
    ...rateLimitStoreOptions(app),
    global: false,
    async keyGenerator(request) {
      const wallet = await getSessionWallet(request).catch(() => null);
      return wallet ? `wallet:${wallet}` : `ip:${clientKey(request.ip)}`;
    },
    errorResponseBuilder(_request, context) {
      return new HttpError(429, messages.rateLimit.tooMany(Math.max(1, Math.ceil(context.ttl / 1000))));
    },
  });
}
