/**
 * The browser's end of `GET /api/events` (server-sent events): one EventSource, each message parsed with
 * the shared schema. The browser reconnects by itself and sends the last event id it saw, so the server
 * replays what was missed (or says `sync`). Should the stream be closed for good (the server answered an
 * error), a new one is opened after a pause; it cannot name what it missed, so `onResync` reads everything
 * again.
 */
import { type LiveEvent, liveEventSchema } from "@classcoin/shared/live-events";

const REOPEN_AFTER_MS = 5_000;

export interface LiveEventHandlers {
  onEvent(event: LiveEvent): void;
  /** The stream was opened anew without catch-up: every live list should be read again. */
  onResync(): void;
}

/** Opens the stream; returns the function that closes it. */
export function connectLiveEvents(handlers: LiveEventHandlers, url = "/api/events"): () => void {
  if (typeof EventSource === "undefined") return () => {};
  let source: EventSource | null = null;
  let reopen: ReturnType<typeof setTimeout> | undefined;
  let closed = false;
  let reopened = false;

  const open = () => {
    const current = new EventSource(url);
    source = current;
    current.onopen = () => {
      if (reopened) handlers.onResync();
      reopened = false;
    };
    current.onmessage = (message: MessageEvent<string>) => {
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
      if (current.readyState !== EventSource.CLOSED || closed) return;
      current.close();
      reopened = true;
      reopen = setTimeout(open, REOPEN_AFTER_MS);
    };
  };
  open();
  return () => {
    closed = true;
    if (reopen) clearTimeout(reopen);
    source?.close();
  };
}
