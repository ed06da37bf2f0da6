/**
 * `GET /api/events`: the live-update stream (server-sent events) over the raw response, so no serializer,
 * compression or buffering stands between an event and the browser. The connection starts with `retry:`
 * and, when the browser sends `Last-Event-ID` (EventSource does on every reconnect), the events it missed or
 * `sync`; then every new event, and a comment line every 15 s so proxies and idle-socket timeouts keep it.
 *
 * An unauthenticated stream must not cost the server more than it costs the client, so:
 * - a catch-up sends at most REPLAY_MAX_EVENTS (bus.ts) and REPLAY_MAX_BYTES, else `sync` (the page reads
 *   its lists again): 40 clients reopening streams 500 events back got 922 replays, 96 MB, in 5 s before;
 * - one client (an IPv4 address, an IPv6 /64: http/client-key.ts) holds at most MAX_STREAMS_PER_IP streams
 *   and opens them at the rate of stream-opens.ts; more answer 429, which an EventSource takes as final: the
 *   page opens a new stream 5 s later and reads its lists again (apps/web/src/lib/live-events.ts); an IPv6
 *   /48 holds at most MAX_STREAMS_PER_NETWORK, so one attacker's /48 cannot fill the instance's MAX_STREAMS;
 *   with REDIS_URL these limits and the open rate hold for all instances together (stream-admission.ts),
 *   while MAX_STREAMS, which guards the instance's own memory, stays its own;
 * - a client that stops reading is dropped once BUFFERED_BYTES_PER_STREAM wait for it, and the largest
 *   backlogs once all streams together hold BUFFERED_BYTES_TOTAL (stream-budget.ts); the browser reconnects
 *   and catches up or syncs.
 *
 * An event addressed to one wallet (`addressedTo`) is sent only to the streams opened with that wallet's
 * session, read once when the stream opens: a page whose session changes opens a new stream, naming the
 * last id it saw in `?lastEventId=` (an EventSource cannot set Last-Event-ID itself).
 */
import { eventEndpoints } from "@classcoin/shared/endpoints/events";
import { addressedTo, LIVE_HEARTBEAT_MS, LIVE_RETRY_MS, type LiveEvent } from "@classcoin/shared/live-events";
import type { FastifyInstance } from "fastify";
import { getSessionWallet } from "../auth/session";
import { registerEndpoint } from "../http/endpoint";
import { HttpError } from "../http-errors";
import type { EventBus, StoredEvent } from "./bus";
import { createStreamAdmission } from "./stream-admission";
import { type BufferedStream, type BufferLimits, createBufferBudget } from "./stream-budget";
import type { OpenRate } from "./stream-opens";

/** Streams one instance serves at most; more answer 503 (the browser retries, maybe on another instance). */
export const MAX_STREAMS = 5_000;
/**
 * Streams one client may hold: a class behind one school NAT (40 students, a few tabs each) fits; one
 * client alone can no longer take every stream of the instance (5,000 opened in 6 s shut everyone else out,
 * behind a proxy, whose own sockets MAX_CONNECTIONS_PER_IP does not count). The IP is the proxy's client IP
 * (TRUSTED_PROXIES).
 */
export const MAX_STREAMS_PER_IP = 200;
/** Streams one IPv6 /48 holds, however many /64 clients it has (http/client-key.ts `networkKey`). */
export const MAX_STREAMS_PER_NETWORK = 5 * MAX_STREAMS_PER_IP;
/** A catch-up larger than this (its frames, in bytes) is a `sync` instead. */
export const REPLAY_MAX_BYTES = 64 * 1024;
/** Bytes waiting for one slow client before its stream is dropped: hundreds of events. */
export const BUFFERED_BYTES_PER_STREAM = 256 * 1024;
/** Bytes waiting for all slow clients together before the largest backlogs are dropped. */
export const BUFFERED_BYTES_TOTAL = 64 * 1024 * 1024;
/**
 * Stream opens per client: all MAX_STREAMS_PER_IP at once, then 2 a second (a class of 30 reloading a page
 * every 15 s each). Off with RATE_LIMIT=false, like every rate limit.
 */
export const STREAM_OPENS: OpenRate = { burst: MAX_STREAMS_PER_IP, perSecond: 2 };

/**
 * How long a stream counts, with REDIS_URL, after its instance last said it is open: an instance that dies
 * holds its clients' places this long at most. Renewed every STREAM_HEARTBEAT_MS.
 */
export const STREAM_LEASE_MS = 30_000;
export const STREAM_HEARTBEAT_MS = 10_000;

export interface StreamLimits {
  buffered: BufferLimits;
  /** null: opens are not limited (nor are they with RATE_LIMIT=false). */
  opens: OpenRate | null;
  /** Streams one client holds (MAX_STREAMS_PER_IP) and one IPv6 /48 (MAX_STREAMS_PER_NETWORK). */
  perClient: number;
  perNetwork: number;
  /** The streams' leases in Redis (STREAM_LEASE_MS, STREAM_HEARTBEAT_MS). */
  shared: { leaseMs: number; heartbeatMs: number };
}

export const DEFAULT_STREAM_LIMITS: StreamLimits = {
  buffered: { perStream: BUFFERED_BYTES_PER_STREAM, total: BUFFERED_BYTES_TOTAL },
  opens: STREAM_OPENS,
  perClient: MAX_STREAMS_PER_IP,
  perNetwork: MAX_STREAMS_PER_NETWORK,
  shared: { leaseMs: STREAM_LEASE_MS, heartbeatMs: STREAM_HEARTBEAT_MS },
};

/** Every stream sends the same bytes for an event: serialized once, not once per stream. */
const frames = new WeakMap<StoredEvent, string>();
function frame(stored: StoredEvent): string {
  let text = frames.get(stored);
  if (text === undefined) {
    text = `id: ${stored.id}\ndata: ${JSON.stringify(stored.event)}\n\n`;
    frames.set(stored, text);
  }
  return text;
}
const syncFrame = () => `data: ${JSON.stringify({ type: "sync" } satisfies LiveEvent)}\n\n`;

function lastEventId(header: string | string[] | undefined): number | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value || !/^\d{1,15}$/.test(value.trim())) return null;
  return Number(value.trim());
}

function acceptsEventStream(accept: string | undefined): boolean {
  return (accept ?? "").split(",").some((type) => type.split(";")[0]?.trim().toLowerCase() === "text/event-stream");
}

export interface StreamRegistry {
  /** Ends every open stream (before the server closes: an open stream would hold the drain). */
  endAll(): void;
  readonly open: number;
  /** Bytes waiting for slow clients across all streams, as last seen. */
  readonly buffered: number;
}

export function registerEventStream(
  app: FastifyInstance,
  bus: EventBus,
  limits: StreamLimits = DEFAULT_STREAM_LIMITS,
): StreamRegistry {
  const open = new Set<() => void>();
  const budget = createBufferBudget(limits.buffered);
  const admission = createStreamAdmission(app, { ...limits, total: MAX_STREAMS });

  registerEndpoint(app, eventEndpoints.stream, {
    async handler(request, reply) {
      // A stream never ends: only a client that asks for one gets it (EventSource always does).
      if (!acceptsEventStream(request.headers.accept)) {
        throw new HttpError(
          406,
          "This is a server-sent events stream: ask with Accept: text/event-stream (EventSource does).",
        );
      }
      const viewer = await getSessionWallet(request);
      const admitted = await admission.admit(request.ip, open.size, reply.raw);
      // The client left while it was being counted: nothing to answer, and nothing would end the stream.
      if (admitted === null) {
        reply.hijack();
        return reply;
      }
      const release = admitted;
      // The browser's own header is newer than the page's `lastEventId` (its URL, kept on every reconnect).
      const after = lastEventId(request.headers["last-event-id"]) ?? lastEventId(request.query.lastEventId);
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        "Content-Type": "text/event-stream; charset=utf-8",
        "Cache-Control": "no-cache, no-transform",
        Connection: "keep-alive",
        "X-Accel-Buffering": "no",
        "X-Content-Type-Options": "nosniff",
      });
      res.socket?.setNoDelay(true);

      let ended = false;
      const sent = new Set<number>();
      /** Live events arriving while the missed ones are read: sent after them. */
      let pending: StoredEvent[] | null = after === null ? null : [];
      // Dropped, not ended: an ended response keeps its unread bytes until the socket goes.
      const stream: BufferedStream = {
        close: () => end(true),
        get buffered() {
          return res.writableLength;
        },
      };
      const write = (text: string) => {
        if (ended) return;
        res.write(text);
        budget.wrote(stream);
      };
      /** The frame of `stored` when this stream is to get it, marking it sent; else null. */
      const take = (stored: StoredEvent): string | null => {
        const to = addressedTo(stored.event);
        if ((to !== null && to !== viewer) || sent.has(stored.id)) return null;
        sent.add(stored.id);
        if (sent.size > 1_000) sent.clear();
        return frame(stored);
      };
      const send = (stored: StoredEvent) => {
        const text = take(stored);
        if (text !== null) write(text);
      };
      const unsubscribe = bus.subscribe((stored) => (pending ? pending.push(stored) : send(stored)));
      const heartbeat = setInterval(() => write(": ping\n\n"), LIVE_HEARTBEAT_MS);
      heartbeat.unref();
      function end(drop = false) {
        if (ended) return;
        ended = true;
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(end);
        budget.remove(stream);
        release();
        if (drop) res.destroy();
        else res.end();
      }
      open.add(end);
      budget.add(stream);
      // The browser went away (or the connection broke): the response's close, not the request's (which
      // Node may report as soon as the request itself was read).
      res.on("close", () => end());
      res.on("error", () => end());
      write(`retry: ${LIVE_RETRY_MS}\n\n`);

      if (after !== null) {
        write(await catchUp(after, take));
        const waiting = pending ?? [];
        pending = null;
        for (const stored of waiting) send(stored);
      }
      return reply;
    },
  });

  /** The frames of the events after `after` this stream is to get, or `sync` when too many or not kept. */
  async function catchUp(after: number, take: (stored: StoredEvent) => string | null): Promise<string> {
    const missed = await bus.replay(after).catch(() => null);
    if (missed === null) return syncFrame();
    let text = "";
    for (const stored of missed) {
      text += take(stored) ?? "";
      // The events already marked sent are covered by the page's reading everything again.
      if (text.length > REPLAY_MAX_BYTES) return syncFrame();
    }
    return Buffer.byteLength(text) > REPLAY_MAX_BYTES ? syncFrame() : text;
  }

  return {
    endAll: () => {
      for (const end of [...open]) end();
    },
    get open() {
      return open.size;
    },
    get buffered() {
      return budget.total;
    },
  };
}
