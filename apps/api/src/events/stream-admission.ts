/**
 * Whether a new live-update stream may open, and counting it while it is open: the instance's MAX_STREAMS
 * (503), one client's and one IPv6 /48's streams and the client's open rate (429, with the same messages
 * whichever limit and wherever it is counted).
 *
 * Without REDIS_URL all of it is this instance's, in memory, checked and counted with no await in between.
 * With it, the client's and the /48's streams and the open rate are counted once for every instance
 * (shared-stream-counts.ts); this instance's own counts are checked too: they are a part of the shared
 * ones, and all that limits a client while Redis does not answer (then its own open-rate bucket too).
 * MAX_STREAMS stays the instance's own: it guards this instance's memory.
 */
import type { ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import { clientKey, networkKey } from "../http/client-key";
import { HttpError } from "../http-errors";
import { createSharedStreamCounts, type SharedStreamCounts } from "./shared-stream-counts";
import { createOpenLimiter, type OpenRate } from "./stream-opens";

export interface AdmissionLimits {
  /** Streams this instance serves at most. */
  total: number;
  perClient: number;
  perNetwork: number;
  /** null: opens are not limited (nor are they with RATE_LIMIT=false). */
  opens: OpenRate | null;
  /** The streams' leases in Redis. */
  shared: { leaseMs: number; heartbeatMs: number };
}

export interface StreamAdmission {
  /**
   * Admits a stream from `ip` whose response is `res`, given the streams open now: the function that uncounts
   * it once it ends, or null when the client left while it was being counted. Throws the 503 or 429.
   */
  admit(ip: string, openNow: number, res: ServerResponse): Promise<(() => void) | null>;
}

const tooMany = (limit: number) =>
  new HttpError(429, `Too many live-update connections from your network (${limit}); close some tabs of this site.`);

const openedTooOften = (wait: number) =>
  new HttpError(
    429,
    `Live updates were opened too often from your network; wait ${wait} ${wait === 1 ? "second" : "seconds"} before opening them again (the page retries by itself).`,
    undefined,
    { "Retry-After": String(wait) },
  );

export function createStreamAdmission(app: FastifyInstance, limits: AdmissionLimits): StreamAdmission {
  const perIp = new Map<string, number>();
  const perNetwork = new Map<string, number>();
  /** Streams past the checks, waiting for Redis to count them: they hold their place in `total`. */
  let opening = 0;
  let streamIds = 0;
  const openRate = app.deps.config.rateLimit ? limits.opens : null;
  const opens = openRate ? createOpenLimiter(openRate) : null;
  const redisUrl = app.deps.config.redisUrl;
  const shared = redisUrl
    ? createSharedStreamCounts(app, redisUrl, {
        perClient: limits.perClient,
        perNetwork: limits.perNetwork,
        opens: openRate,
        ...limits.shared,
      })
    : null;

  /** Counts a stream of `ip` in `network` in this instance; the returned function uncounts it. */
  const countHere = (ip: string, network: string) => {
    perIp.set(ip, (perIp.get(ip) ?? 0) + 1);
    if (network !== ip) perNetwork.set(network, (perNetwork.get(network) ?? 0) + 1);
    return () => {
      for (const [counts, key] of [
        [perIp, ip],
        [perNetwork, network],
      ] as const) {
        const left = (counts.get(key) ?? 1) - 1;
        if (left <= 0) counts.delete(key);
        else counts.set(key, left);
      }
    };
  };

  /** Whether Redis counted the stream (open rate included), refused it, or did not answer. */
  async function countShared(shared: SharedStreamCounts, id: string, ip: string, network: string, res: ServerResponse) {
    let gone = false;
    const leave = () => {
      gone = true;
    };
    res.once("close", leave);
    opening++;
    const answer = await shared.open(id, ip, network).finally(() => {
      opening--;
      res.off("close", leave);
    });
    if (answer === "counted" || answer === "unavailable") return { counted: answer === "counted", gone };
    if (answer.over === "opens") return { refused: openedTooOften(answer.wait) };
    return { refused: tooMany(answer.over === "client" ? limits.perClient : limits.perNetwork) };
  }

  return {
    async admit(address, openNow, res) {
      if (openNow + opening >= limits.total) {
        throw new HttpError(503, "Too many live-update connections; retrying shortly.");
      }
      const ip = clientKey(address);
      if ((perIp.get(ip) ?? 0) >= limits.perClient) throw tooMany(limits.perClient);
      const network = networkKey(address);
      if (network !== ip && (perNetwork.get(network) ?? 0) >= limits.perNetwork) throw tooMany(limits.perNetwork);
      const id = String(++streamIds);
      const uncountHere = countHere(ip, network);
      const release = () => {
        uncountHere();
        shared?.close(id);
      };
      // Without Redis, no await between check and count: nothing else opens in between.
      const outcome = shared ? await countShared(shared, id, ip, network, res) : { counted: false, gone: false };
      if ("refused" in outcome) {
        release();
        throw outcome.refused;
      }
      const wait = outcome.counted ? 0 : (opens?.take(ip) ?? 0);
      if (wait > 0) {
        release();
        throw openedTooOften(wait);
      }
      if (outcome.gone) {
        release();
        return null;
      }
      return release;
    },
  };
}
