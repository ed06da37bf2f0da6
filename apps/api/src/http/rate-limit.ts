/**
 * Per-route request limits. Keys are the session wallet when there is one (so a class behind one school
 * NAT is not limited as a single user), else the client IP, an IPv6 client's /64 (http/client-key.ts). Off
 * with RATE_LIMIT=false. Counters are shared by every instance through Redis when REDIS_URL is set
 * (rate-limit-store.ts), per instance otherwise.
 *
 * A wallet key is one a client can choose: any wallet signs in, and one IP opens up to 40 sessions an hour
 * (auth/session-limit.ts), each lasting days. So each wallet-keyed limit also has a ceiling per IP of
 * IP_CEILING_STUDENTS times the route's limit: a class behind one NAT never reaches it (20 students each at
 * their own limit at once), while one client's collected sessions no longer multiply a limit without end (a
 * day's 960 sessions reported 28,800 unknown tip hashes a minute, each costing RPC calls on a metered plan).
 */

import { messages } from "@classcoin/shared/messages";
import fastifyRateLimit from "@fastify/rate-limit";
import type { FastifyContextConfig, FastifyInstance, FastifyRequest, onRequestHookHandler } from "fastify";
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

/** A wallet-keyed limit's ceiling per IP, in students at their own limit at once. */
export const IP_CEILING_STUDENTS = 20;

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
  // After the plugin's own hook, so a route's wallet limit answers first. `createRateLimit` only counts: the
  // plugin's handlers skip a request one of them has already counted, so a second one would never run.
  app.addHook("onRoute", (route) => {
    const limit = route.config?.rateLimit;
    // Limits with their own key (sign-in's) are per IP already.
    if (!limit || limit.keyGenerator || typeof limit.max !== "number") return;
    const where = `${route.method}:${route.url}`;
    const count = app.createRateLimit({
      max: limit.max * IP_CEILING_STUDENTS,
      timeWindow: limit.timeWindow,
      keyGenerator: (request) => `ip-ceiling:${where}:${clientKey(request.ip)}`,
    });
    const ceiling: onRequestHookHandler = async (request, reply) => {
      const counted = await count(request);
      if (counted.isAllowed || !counted.isExceeded) return;
      const seconds = Math.max(1, counted.ttlInSeconds);
      reply.header("retry-after", seconds);
      throw new HttpError(429, messages.rateLimit.tooMany(seconds));
    };
    const hooks = route.onRequest;
    route.onRequest = hooks === undefined ? [ceiling] : Array.isArray(hooks) ? [...hooks, ceiling] : [hooks, ceiling];
  });
}
