/**
 * `GET /api/events`: the live-update stream (server-sent events) over the raw response, so no serializer,
 * compression or buffering stands between an event and the browser. The connection starts with `retry:`
 * and, when the browser sends `Last-Event-ID` (EventSource does on every reconnect), the events it missed or
 * `sync`; then every new event, and a comment line every 15 s so proxies and idle-socket timeouts keep it.
 * A client that stops reading is dropped once 1 MB waits for it (it reconnects and catches up).
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

/** Streams one instance serves at most; more answer 503 (the browser retries, maybe on another instance). */
export const MAX_STREAMS = 5_000;
/**
 * Streams one client IP may hold: a class behind one school NAT (40 students, a few tabs each) fits; one
 * client alone can no longer take every stream of the instance (5,000 opened in 6 s shut everyone else out,
 * behind a proxy, where MAX_CONNECTIONS_PER_IP is off). The IP is the proxy's client IP (TRUSTED_PROXIES).
 */
export const MAX_STREAMS_PER_IP = 200;
const MAX_BUFFERED_BYTES = 1024 * 1024;

const frame = (stored: StoredEvent) => `id: ${stored.id}\ndata: ${JSON.stringify(stored.event)}\n\n`;
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
}

export function registerEventStream(app: FastifyInstance, bus: EventBus): StreamRegistry {
  const open = new Set<() => void>();
  const perIp = new Map<string, number>();

  registerEndpoint(app, eventEndpoints.stream, {
    async handler(request, reply) {
      // A stream never ends: only a client that asks for one gets it (EventSource always does).
      if (!acceptsEventStream(request.headers.accept)) {
        throw new HttpError(
          406,
          "This is a server-sent events stream: ask with Accept: text/event-stream (EventSource does).",
        );
      }
      // Read before the limits are checked and counted, which must happen with no await in between.
      const viewer = await getSessionWallet(request);
      if (open.size >= MAX_STREAMS) throw new HttpError(503, "Too many live-update connections; retrying shortly.");
      const ip = request.ip;
      if ((perIp.get(ip) ?? 0) >= MAX_STREAMS_PER_IP) {
        throw new HttpError(
          429,
          `Too many live-update connections from your network (${MAX_STREAMS_PER_IP}); close some tabs of this site.`,
        );
      }
      perIp.set(ip, (perIp.get(ip) ?? 0) + 1);
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
      res.write(`retry: ${LIVE_RETRY_MS}\n\n`);

      let ended = false;
      const sent = new Set<number>();
      /** Live events arriving while the missed ones are read: sent after them. */
      let pending: StoredEvent[] | null = after === null ? null : [];
      const write = (text: string) => {
        if (ended) return;
        res.write(text);
        if (res.writableLength > MAX_BUFFERED_BYTES) end();
      };
      const send = (stored: StoredEvent) => {
        const to = addressedTo(stored.event);
        if (to !== null && to !== viewer) return;
        if (sent.has(stored.id)) return;
        sent.add(stored.id);
        if (sent.size > 1_000) sent.clear();
        write(frame(stored));
      };
      const unsubscribe = bus.subscribe((stored) => (pending ? pending.push(stored) : send(stored)));
      const heartbeat = setInterval(() => write(": ping\n\n"), LIVE_HEARTBEAT_MS);
      heartbeat.unref();
      function end() {
        if (ended) return;
        ended = true;
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(end);
        const left = (perIp.get(ip) ?? 1) - 1;
        if (left <= 0) perIp.delete(ip);
        else perIp.set(ip, left);
        res.end();
      }
      open.add(end);
      // The browser went away (or the connection broke): the response's close, not the request's (which
      // Node may report as soon as the request itself was read).
      res.on("close", end);
      res.on("error", end);

      if (after !== null) {
        try {
          const missed = await bus.replay(after);
          if (missed === null) write(syncFrame());
          else for (const stored of missed) send(stored);
        } catch {
          write(syncFrame());
        }
        const waiting = pending ?? [];
        pending = null;
        for (const stored of waiting) send(stored);
      }
      return reply;
    },
  });

  return {
    endAll: () => {
      for (const end of [...open]) end();
    },
    get open() {
      return open.size;
    },
  };
}
