/**
 * New sessions per client IP: at most SIGN_INS_PER_IP_PER_HOUR (default 40) successful sign-ins an hour from
 * one address, whatever cookie they carry. 40 lets a class behind one school NAT sign in at the start of a
 * lesson (sessions last 7 days, so that is about once a week); it stops one address from minting fresh
 * wallets' sessions by the hundred (200 in 2.5 s before, then 300 downvotes on one post).
 *
 * Counted in the rate limiter's store (Redis when REDIS_URL is set, so every instance shares the count).
 * Checked before the signature work (read only) and counted once the signature is good: a sign-in over
 * the cap gets no session. Off with RATE_LIMIT=false, like every limit.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { clientKey } from "../http/client-key";
import { HttpError } from "../http-errors";

/** The default of SIGN_INS_PER_IP_PER_HOUR. */
export const NEW_SESSIONS_PER_IP_PER_HOUR = 40;
const HOUR_MS = 60 * 60 * 1000;

export const sessionLimitErrors = {
  tooManySessions: (minutes: number) =>
    `Too many new sign-ins from your network in the last hour. Please wait ${minutes} ${minutes === 1 ? "minute" : "minutes"} and try again.`,
} as const;

export interface SessionLimiter {
  /** 429 when the IP has used its hourly budget; counts nothing. */
  check(request: FastifyRequest): Promise<void>;
  /** Counts a new session for the IP; 429 (and no session) when that goes over the budget. */
  count(request: FastifyRequest): Promise<void>;
}

const unlimited: SessionLimiter = { async check() {}, async count() {} };

export function newSessionLimiter(app: FastifyInstance): SessionLimiter {
  const max = app.deps.config.signInsPerIpPerHour ?? NEW_SESSIONS_PER_IP_PER_HOUR;
  if (!app.deps.config.rateLimit || max <= 0 || !app.hasDecorator("createRateLimit")) return unlimited;
  const limiter = app.createRateLimit({
    max,
    timeWindow: HOUR_MS,
    // Always the IP (an IPv6 client's /64): a session cookie must not move sign-ins to another key (rate-limit.ts).
    keyGenerator: (request) => `new-session:ip:${clientKey(request.ip)}`,
  });
  const refusal = (ttlMs: number) => {
    const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
    return new HttpError(429, sessionLimitErrors.tooManySessions(Math.ceil(seconds / 60)), undefined, {
      "Retry-After": String(seconds),
    });
  };
  return {
    async check(request) {
      const state = await limiter(request, { increment: false });
      if (!state.isAllowed && state.ttl > 0 && state.remaining <= 0) throw refusal(state.ttl);
    },
    async count(request) {
      const state = await limiter(request);
      if (!state.isAllowed && state.isExceeded) throw refusal(state.ttl);
    },
  };
}
