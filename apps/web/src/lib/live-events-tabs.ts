/**
 * One live-update stream for all of a browser's tabs of the site. An open EventSource holds one of the six
 * connections a browser allows a host over HTTP/1.1 (`npm start`, `npm run serve`, a proxy without HTTP/2):
 * with a stream per tab, six tabs left no connection for any tab's API reads, and a seventh tab never loaded.
 *
 * The tabs elect one with a Web Lock. The tab holding it opens the stream, handles each message and passes it
 * to the others over a BroadcastChannel; the others wait in the lock's queue. When the holder goes (its tab
 * closed, reloaded or gone elsewhere: the browser releases its lock), the next tab takes the lock and opens the
 * stream after the last event it was passed, so the server replays what came in between; a tab that was
 * passed none cannot name a place, so every tab reads everything again. A tab whose session changed asks the
 * holder to open the stream again: the server reads the session when a stream opens, and the tabs share it.
 */
import { z } from "zod";
import { deliverTo, type LiveEventHandlers, type LiveEventStream, type OpenStream } from "./live-event-stream";

const NAME = "classcoin-live-events";

/** What the tabs say to each other (checked: a tab of another build may say something else). */
const tabMessageSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("event"), id: z.string(), data: z.unknown() }),
  z.object({ kind: z.literal("resync") }),
  z.object({ kind: z.literal("reopen") }),
]);
type TabMessage = z.infer<typeof tabMessageSchema>;

export function shareAcrossTabs(handlers: LiveEventHandlers, url: string, open: OpenStream): LiveEventStream {
  const channel = new BroadcastChannel(NAME);
  const deliver = deliverTo(handlers);
  const tell = (message: TabMessage) => channel.postMessage(message);
  const stopWaiting = new AbortController();
  let lastEventId = "";
  /** The stream, while this tab holds the lock. */
  let stream: LiveEventStream | null = null;
  let release: (() => void) | undefined;
  let closed = false;

  channel.onmessage = (message: MessageEvent<unknown>) => {
    const parsed = tabMessageSchema.safeParse(message.data);
    if (!parsed.success || closed) return;
    const said = parsed.data;
    if (said.kind === "event") {
      if (said.id) lastEventId = said.id;
      deliver(said.data);
    } else if (said.kind === "resync") handlers.onResync();
    else stream?.reopen();
  };

  /** Holds the lock (the returned promise) until this tab's stream is closed. */
  const lead = (takingOver: boolean): Promise<void> | undefined => {
    if (closed) return undefined;
    stream = open(
      {
        onData: (data, id) => {
          if (id) lastEventId = id;
          deliver(data);
          tell({ kind: "event", id, data });
        },
        onResync: () => {
          handlers.onResync();
          tell({ kind: "resync" });
        },
      },
      url,
      { from: lastEventId, resync: takingOver && lastEventId === "" },
    );
    return new Promise<void>((resolve) => {
      release = resolve;
    });
  };

  // First without waiting: a free lock means no other tab had the stream, so there is nothing to catch up on.
  navigator.locks
    .request(NAME, { ifAvailable: true }, (lock) =>
      lock ? lead(false) : navigator.locks.request(NAME, { signal: stopWaiting.signal }, () => lead(true)),
    )
    // An AbortError: this tab closed while it waited.
    .catch(() => {});

  return {
    close: () => {
      closed = true;
      stopWaiting.abort();
      stream?.close();
      stream = null;
      release?.();
      channel.close();
    },
    reopen: () => {
      if (closed) return;
      if (stream) stream.reopen();
      else tell({ kind: "reopen" });
    },
  };
}
