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
 */
import { type LiveEvent, liveEventSchema } from "@classcoin/shared/live-events";

const REOPEN_AFTER_MS = 5_000;

export interface LiveEventHandlers {
  onEvent(event: LiveEvent): void;
  /** The stream was opened anew without catch-up: every live list should be read again. */
  onResync(): void;
}

export interface LiveEventStream {
  close(): void;
  /** A new stream in place of the open one, caught up from the last event this one delivered. */
  reopen(): void;
}

/** Opens the stream. */
export function connectLiveEvents(handlers: LiveEventHandlers, url = "/api/events"): LiveEventStream {
  if (typeof EventSource === "undefined") return { close: () => {}, reopen: () => {} };
  let source: EventSource | null = null;
  let reopen: ReturnType<typeof setTimeout> | undefined;
  let closed = false;
  let reopened = false;
  let lastEventId = "";

  const open = (from = "") => {
    const current = new EventSource(from ? `${url}?lastEventId=${encodeURIComponent(from)}` : url);
    source = current;
    current.onopen = () => {
      if (reopened) handlers.onResync();
      reopened = false;
    };
    current.onmessage = (message: MessageEvent<string>) => {
      if (message.lastEventId) lastEventId = message.lastEventId;
      let data: unknown;
      try {
        data = JSON.parse(message.data);
      } catch {
        return;
      }
      const event = liveEventSchema.safeParse(data);
      // An event this build does not know (a newer server) is skipped.
      if (event.success) handlers.onEvent(event.data);
    };
    current.onerror = () => {
      // CONNECTING: the browser retries by itself, with Last-Event-ID. CLOSED: it gave up; start over.
      if (current.readyState !== EventSource.CLOSED || closed || source !== current) return;
      current.close();
      reopened = true;
      reopen = setTimeout(open, REOPEN_AFTER_MS);
    };
  };
  open();
  return {
    close: () => {
      closed = true;
      if (reopen) clearTimeout(reopen);
      source?.close();
    },
    reopen: () => {
      if (closed) return;
      if (reopen) clearTimeout(reopen);
      reopen = undefined;
      source?.close();
      // Without an id seen yet there is nothing to name: a stream that may have missed some reads again.
      if (!lastEventId) reopened = true;
      open(lastEventId);
    },
  };
}
