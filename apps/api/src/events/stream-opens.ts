/**
 * How often one client (http/client-key.ts: an IPv4 address, an IPv6 /64) may open a live-update stream: a
 * token bucket of `burst` opens, refilled at `perSecond`. Opening is what costs (a session lookup, a replay
 * of missed events from the database); 40 clients reopening streams with an old Last-Event-ID got 922
 * replays in 5 s before, 96 MB sent. The burst equals the streams one client may hold, so everything a
 * class behind one school NAT holds may reconnect at once (an instance restarting, the school's line
 * dropping); the refill covers pages reloaded and sessions changing all lesson long.
 *
 * Per instance, in memory, like the streams it guards. A client's bucket is forgotten once full again, and
 * the table holds at most `maxClients` buckets: an outsider with a block of IPv6 /64s (a /48 holds 65,536 of
 * them) opening from a fresh one each time would otherwise grow it for as long as the refill takes. Over the
 * cap, the full buckets go first, then the ones touched longest ago (a client forgotten early gets a full
 * burst back, which is what it would have within `burst / perSecond` seconds anyway).
 */

export interface OpenRate {
  burst: number;
  perSecond: number;
}

export interface OpenLimiter {
  /** Takes one open for `key`: 0 when it may open, else the seconds until it may. */
  take(key: string): number;
  /** Clients with a bucket not yet full again. */
  readonly size: number;
}

const SWEEP_EVERY_MS = 60_000;
/** ~150 bytes a bucket: 100,000 clients is ~15 MB at most. */
export const MAX_OPEN_BUCKETS = 100_000;

export function createOpenLimiter(
  rate: OpenRate,
  clock: () => number = Date.now,
  maxClients = MAX_OPEN_BUCKETS,
): OpenLimiter {
  const buckets = new Map<string, { tokens: number; at: number }>();
  let swept = clock();

  const tokensAt = (bucket: { tokens: number; at: number }, now: number) =>
    Math.min(rate.burst, bucket.tokens + ((now - bucket.at) / 1000) * rate.perSecond);

  function sweep(now: number): void {
    swept = now;
    for (const [key, bucket] of buckets) if (tokensAt(bucket, now) >= rate.burst) buckets.delete(key);
  }

  return {
    take(key) {
      const now = clock();
      if (now - swept >= SWEEP_EVERY_MS) sweep(now);
      const bucket = buckets.get(key);
      const tokens = bucket ? tokensAt(bucket, now) : rate.burst;
      if (tokens < 1) return Math.max(1, Math.ceil((1 - tokens) / rate.perSecond));
      // Moved to the end, so the map's order is least recently touched first.
      if (bucket) buckets.delete(key);
      else if (buckets.size >= maxClients) {
        sweep(now);
        for (const oldest of buckets.keys()) {
          if (buckets.size < maxClients) break;
          buckets.delete(oldest);
        }
      }
      buckets.set(key, { tokens: tokens - 1, at: now });
      return 0;
    },
    get size() {
      return buckets.size;
    },
  };
}
