/**
 * LISTEN on PostgreSQL over one dedicated connection (a pooled one would drop its LISTEN when returned):
 * every NOTIFY on the channel reaches `onPayload`. A lost connection is reopened with back-off; notifications
 * sent while it was down are gone, so `onReconnect` lets the caller catch up from its own log.
 *
 * A connection can also go silent without closing (a NAT or firewall between machines forgetting an idle
 * flow): nothing arrives, nothing errs, and the instance would stop hearing the others for good. So the
 * connection is pinged (`SELECT 1` every `pingMs`); one not answered within `pingTimeoutMs` counts as lost,
 * and TCP keepalives make the operating system notice too.
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
  /** How often the connection is checked (default 10 s), and how long an answer may take (default 5 s). */
  pingMs?: number;
  pingTimeoutMs?: number;
}

const MIN_BACKOFF_MS = 250;
const MAX_BACKOFF_MS = 5_000;

export async function listenPostgres(options: ListenOptions): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/i.test(options.channel)) throw new Error(`Invalid channel name ${options.channel}`);
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let backoff = MIN_BACKOFF_MS;
  const pingMs = options.pingMs ?? 10_000;
  const pingTimeoutMs = options.pingTimeoutMs ?? 5_000;

  const ping = setInterval(() => {
    const current = client;
    if (!current || closed) return;
    let answered = false;
    const timer = setTimeout(() => {
      if (answered || client !== current) return;
      options.onError?.(new Error(`LISTEN connection did not answer a ping within ${pingTimeoutMs} ms`));
      reconnectLater();
    }, pingTimeoutMs);
    current.query("SELECT 1").then(
      () => {
        answered = true;
        clearTimeout(timer);
      },
      () => clearTimeout(timer), // a failed query is reported through the client's error/end events
    );
  }, pingMs);
  ping.unref?.();

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
    const next = new pg.Client({
      connectionString: options.connectionString,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
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
    clearInterval(ping);
    if (retry) clearTimeout(retry);
    const last = client;
    client = undefined;
    last?.removeAllListeners();
    last?.on("error", () => {});
    await last?.end().catch(() => {});
  };
}
