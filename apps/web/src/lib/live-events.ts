/**
 * The browser's end of `GET /api/events` (server-sent events): one EventSource, each message parsed with
 * the shared schema. The browser reconnects by itself and sends the last event id it saw, so the server
 * replays what was missed (or says `sync`). Should the stream be closed for good (the server answered an
 * error), a new one is opened after a pause; it cannot name what it missed, so `onResync` reads everything
 * again.
 *
 * The server reads the wallet session once, when a stream opens, to send the events addressed to that wallet
 * (its notifications) to it alone: after a sign-in or sign-out the page calls `reopen()`, and the new stream
 * names the last id seen in its URL (an EventSource cannot set Last-Event-ID), so nothing is missed.
 *
 * Where the browser can, the site's tabs share one stream (live-events-tabs.ts): an open stream holds one of
 * the six HTTP/1.1 connections a browser allows a host, so with a stream per tab a seventh tab never loaded.
 */
import { deliverTo, type LiveEventHandlers, type LiveEventStream, openEventStream } from "./live-event-stream";
import { shareAcrossTabs } from "./live-events-tabs";

export type { LiveEventHandlers, LiveEventStream } from "./live-event-stream";

/** Opens the stream: one shared by the site's tabs where the browser can, else this tab's own. */
export function connectLiveEvents(handlers: LiveEventHandlers, url = "/api/events"): LiveEventStream {
  if (typeof EventSource === "undefined") return { close: () => {}, reopen: () => {} };
  const sharing =
    typeof BroadcastChannel !== "undefined" && typeof navigator !== "undefined" && navigator.locks !== undefined;
  if (sharing) return shareAcrossTabs(handlers, url, openEventStream);
  return openEventStream({ onData: deliverTo(handlers), onResync: handlers.onResync }, url);
}
