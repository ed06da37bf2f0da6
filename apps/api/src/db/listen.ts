/**
 * LISTEN on PostgreSQL over one dedicated connection (a pooled one would drop its LISTEN when returned):
 * every NOTIFY on the channel reaches `onPayload`. A lost connection is reopened with back-off; notifications
 * sent while it was down are gone, so `onReconnect` lets the caller catch up from its own log.
 */
import pg from "pg";

export interface ListenOptions {
  connectionString: string;
  /** A plain identifier (letters, digits, underscores). */
  channel: string;
  onPayload(payload: string): void;
  /** Called after the connection was lost and LISTEN is in place again. */
  onReconnect?(): void;
  onError?(error: Error): void;
}

const MIN_BACKOFF_MS = 250;
const MAX_BACKOFF_MS = 5_000;

export async function listenPostgres(options: ListenOptions): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/i.test(options.channel)) throw new Error(`Invalid channel name ${options.channel}`);
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let backoff = MIN_BACKOFF_MS;

  const reconnectLater = () => {
    if (closed || retry) return;
    const old = client;
    client = undefined;
    old?.removeAllListeners();
    old?.on("error", () => {});
    void old?.end().catch(() => {});
    retry = setTimeout(() => {
      retry = undefined;
      connect().then(
        () => options.onReconnect?.(),
        (error: Error) => {
          options.onError?.(error);
          reconnectLater();
        },
      );
    }, backoff);
    retry.unref?.();
    backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
  };

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: options.connectionString });
    next.on("notification", (message) => {
      if (message.channel === options.channel && message.payload !== undefined) options.onPayload(message.payload);
    });
    next.on("error", (error) => {
      options.onError?.(error);
      if (client === next) reconnectLater();
    });
    next.on("end", () => {
      if (client !== next) return;
      // Ended without an error first: still lost (the caller stops trusting what it did not hear).
      options.onError?.(new Error("LISTEN connection ended"));
      reconnectLater();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${options.channel}`);
    } catch (error) {
      next.removeAllListeners();
      next.on("error", () => {});
      await next.end().catch(() => {});
      throw error;
    }
    if (closed) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    backoff = MIN_BACKOFF_MS;
  }

  try {
    await connect();
  } catch (error) {
    // The database was reachable a moment ago (migrations ran): keep trying in the background.
    options.onError?.(error as Error);
    reconnectLater();
  }

  return async () => {
    closed = true;
    if (retry) clearTimeout(retry);
    const last = client;
    client = undefined;
    last?.removeAllListeners();
    last?.on("error", () => {});
    await last?.end().catch(() => {});
  };
}
