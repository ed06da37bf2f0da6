/**
 * The live-update stream limits of one client and one IPv6 /48, and the client's open rate, counted once for
 * every instance through Redis (REDIS_URL): several instances behind a load balancer used to allow each of
 * them the full limits, so one client held 200 streams, and opened 200 at once, per instance.
 *
 * Each client and each /48 is a sorted set of its streams, `<instanceId>:<streamId>`, scored by when the
 * stream's lease runs out (Redis's clock, so the instances' own clocks need not agree). Every instance renews
 * the leases of its open streams each `heartbeatMs`, and a set drops expired members whenever it is read. So
 * a stream held by an instance that died (SIGKILL, its machine gone, cut off from Redis) stops counting within
 * `leaseMs` without anyone having to know which instances exist. Members rather than per-instance counts: a
 * close that never reached Redis (an outage, a timeout) leaves a member that expires by itself within the
 * lease, where a count missing its decrement would hold the client's slot for as long as its instance lives,
 * and the heartbeat writes each open stream again, so counts lost while Redis was away come back. The cost
 * is one member per stream (≈100 bytes) and renewing every one of them on each heartbeat: one script call
 * per instance every 10 s, 20-45 ms for 5,000 streams on a loaded 2-core test machine (an open: 0.7 ms).
 *
 * Opening is one round trip: a script checks both sets and the open-rate bucket and counts the stream, with
 * nothing between check and count. When Redis does not answer, `open` says so and the stream is limited by
 * its instance alone, as without Redis (stream.ts): fail-open like the HTTP rate limits, which let requests
 * through while Redis is away (http/rate-limit-store.ts), but never below the one-instance limits.
 */
import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { connectRedis } from "../http/redis-connection";
import type { OpenRate } from "./stream-opens";

export interface SharedStreamLimits {
  perClient: number;
  perNetwork: number;
  /** null: opens are not limited. */
  opens: OpenRate | null;
  /** How long a stream counts after its instance last renewed it. */
  leaseMs: number;
  /** How often an instance renews its streams: a few times within a lease, so one slow renewal loses none. */
  heartbeatMs: number;
}

/** Why Redis refused a stream; the wait is in seconds. */
export type SharedRefusal = { over: "client" } | { over: "network" } | { over: "opens"; wait: number };

export interface SharedStreamCounts {
  /**
   * Counts a new stream of `client` (and its `network`, when not the client itself) unless either is full
   * or the client's opens are used up: "counted", the refusal, or "unavailable" when Redis did not answer
   * (the stream, if opened, is counted by the next heartbeat once Redis is back).
   */
  open(stream: string, client: string, network: string): Promise<"counted" | SharedRefusal | "unavailable">;
  /** The stream ended (or was not opened after all): it no longer counts. */
  close(stream: string): void;
}

const PREFIX = "classcoin:streams:";

// KEYS: the client's set, the network's set, the client's open-rate bucket.
// ARGV: member, lease ms, per-client max, per-network max (0: not checked), burst (0: unlimited), per second.
const OPEN = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local lease, perClient, perNetwork = tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
local burst, perSecond = tonumber(ARGV[5]), tonumber(ARGV[6])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= perClient then return {1, 0} end
if perNetwork > 0 then
  redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
  if redis.call('ZCARD', KEYS[2]) >= perNetwork then return {2, 0} end
end
if burst > 0 then
  local bucket = redis.call('HMGET', KEYS[3], 'tokens', 'at')
  local tokens = burst
  if bucket[1] then
    tokens = math.min(burst, tonumber(bucket[1]) + (now - tonumber(bucket[2])) / 1000 * perSecond)
  end
  if tokens < 1 then return {3, math.max(1, math.ceil((1 - tokens) / perSecond))} end
  tokens = tokens - 1
  redis.call('HSET', KEYS[3], 'tokens', tostring(tokens), 'at', tostring(now))
  redis.call('PEXPIRE', KEYS[3], math.ceil((burst - tokens) / perSecond * 1000))
end
redis.call('ZADD', KEYS[1], now + lease, ARGV[1])
redis.call('PEXPIRE', KEYS[1], lease)
if perNetwork > 0 then
  redis.call('ZADD', KEYS[2], now + lease, ARGV[1])
  redis.call('PEXPIRE', KEYS[2], lease)
end
return {0, 0}
`;

// KEYS: the sets holding this instance's streams. ARGV: lease ms, then for each key its member count, then
// the members of every key in order.
const RENEW = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local lease = tonumber(ARGV[1])
local at = #KEYS + 2
for i, key in ipairs(KEYS) do
  local args = {}
  for j = 1, tonumber(ARGV[i + 1]) do
    args[#args + 1] = now + lease
    args[#args + 1] = ARGV[at]
    at = at + 1
    -- unpack() takes some thousands of values at most
    if #args >= 1000 then
      redis.call('ZADD', key, unpack(args))
      args = {}
    end
  end
  if #args > 0 then redis.call('ZADD', key, unpack(args)) end
  redis.call('PEXPIRE', key, lease)
end
return #KEYS
`;

const clientSet = (client: string) => `${PREFIX}client:${client}`;
const networkSet = (network: string) => `${PREFIX}network:${network}`;

/** Shared counts over REDIS_URL for the instance `app` (its own connection, closed with the app). */
export function createSharedStreamCounts(
  app: FastifyInstance,
  url: string,
  limits: SharedStreamLimits,
): SharedStreamCounts {
  const redis = connectRedis(app, url, {
    name: "classcoin-streams",
    holds: "live-update stream limits",
    without: "each instance limits its own streams until it returns",
  });
  const instance = randomUUID();
  /** This instance's streams, by member, with the sets they count in. */
  const streams = new Map<string, string[]>();
  const member = (stream: string) => `${instance}:${stream}`;

  function renew(): void {
    const byKey = new Map<string, string[]>();
    for (const [name, keys] of streams) {
      for (const key of keys) {
        const members = byKey.get(key);
        if (members) members.push(name);
        else byKey.set(key, [name]);
      }
    }
    if (byKey.size === 0) return;
    const keys = [...byKey.keys()];
    const args = [String(limits.leaseMs), ...keys.map((key) => String(byKey.get(key)?.length ?? 0))];
    for (const key of keys) args.push(...(byKey.get(key) ?? []));
    // A renewal lost to an outage is made good by the next; until then another instance may trim these.
    redis.eval(RENEW, keys.length, ...keys, ...args).catch(() => {});
  }
  const heartbeat = setInterval(renew, limits.heartbeatMs);
  heartbeat.unref();
  app.addHook("onClose", async () => clearInterval(heartbeat));

  return {
    async open(stream, client, network) {
      const name = member(stream);
      const checksNetwork = network !== client;
      const keys = checksNetwork ? [clientSet(client), networkSet(network)] : [clientSet(client)];
      let answer: unknown;
      try {
        answer = await redis.eval(
          OPEN,
          3,
          clientSet(client),
          networkSet(network),
          `${PREFIX}opens:${client}`,
          name,
          limits.leaseMs,
          limits.perClient,
          checksNetwork ? limits.perNetwork : 0,
          limits.opens?.burst ?? 0,
          limits.opens?.perSecond ?? 0,
        );
      } catch {
        streams.set(name, keys);
        return "unavailable";
      }
      const [outcome, wait = 1] = Array.isArray(answer) ? answer.map(Number) : [];
      if (outcome === 1) return { over: "client" };
      if (outcome === 2) return { over: "network" };
      if (outcome === 3) return { over: "opens", wait: Math.max(1, wait) };
      streams.set(name, keys);
      return outcome === 0 ? "counted" : "unavailable";
    },
    close(stream) {
      const name = member(stream);
      const keys = streams.get(name);
      if (!keys) return;
      streams.delete(name);
      // One that does not reach Redis expires with its lease.
      for (const key of keys) redis.zrem(key, name).catch(() => {});
    },
  };
}
