/**
 * One tab's EventSource on the live-update stream (see live-events.ts): each message's JSON handed on with its
 * event id, the browser's own reconnects left to it, a stream it gave up on opened again after a pause.
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

/** What arrives on a stream, before it is checked against the schema (another tab may run another build). */
export interface StreamHandlers {
  /** A message's parsed JSON and its event id ("" when it has none). */
  onData(data: unknown, id: string): void;
  onResync(): void;
}

/** Where a stream starts: after the event `from`; `resync` when it cannot name what came before it. */
export interface StreamStart {
  from?: string;
  resync?: boolean;
}

export type OpenStream = (handlers: StreamHandlers, url: string, start?: StreamStart) => LiveEventStream;

/** Hands on `data` when this build knows it: an event of a newer server (or tab) is skipped. */
export function deliverTo(handlers: LiveEventHandlers): (data: unknown) => void {
  return (data) => {
    const event = liveEventSchema.safeParse(data);
    if (event.success) handlers.onEvent(event.data);
  };
}

/** This tab's own EventSource on `url`, started after `start.from` when given. */
export const openEventStream: OpenStream = (handlers, url, start = {}) => {
  let source: EventSource | null = null;
  let reopen: ReturnType<typeof setTimeout> | undefined;
  let closed = false;
  let reopened = start.resync === true;
  let lastEventId = start.from ?? "";

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
      handlers.onData(data, message.lastEventId);
    };
    current.onerror = () => {
      // CONNECTING: the browser retries by itself, with Last-Event-ID. CLOSED: it gave up; start over.
      if (current.readyState !== EventSource.CLOSED || closed || source !== current) return;
      current.close();
      reopened = true;
      reopen = setTimeout(open, REOPEN_AFTER_MS);
    };
  };
  open(lastEventId);
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
};
