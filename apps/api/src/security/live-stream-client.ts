/**
 * A live-update stream (`GET /api/events`) opened over a real socket for the security tests, as a client
 * behind the proxy on this machine: `forwardedFor` is the client IP the app sees (loopback is trusted).
 */
import { request as httpRequest, type IncomingMessage } from "node:http";

export interface StreamClient {
  status: number;
  headers: IncomingMessage["headers"];
  /** What arrived so far (nothing for a client that does not read). */
  readonly text: string;
  /** The `data:` lines so far, parsed. */
  readonly events: { type: string }[];
  /** Resolves when the connection is closed, by either side. */
  closed: Promise<void>;
  close(): void;
}

export function openStream(
  url: string,
  options: { forwardedFor?: string; lastEventId?: number; read?: boolean } = {},
): Promise<StreamClient> {
  const { forwardedFor, lastEventId, read = true } = options;
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${url}/api/events`,
      {
        agent: false,
        headers: {
          accept: "text/event-stream",
          ...(forwardedFor ? { "x-forwarded-for": forwardedFor } : {}),
          ...(lastEventId !== undefined ? { "last-event-id": String(lastEventId) } : {}),
        },
      },
      (res) => {
        let text = "";
        const closed = new Promise<void>((done) => {
          res.socket.once("close", () => done());
        });
        res.on("error", () => {});
        // A client that does not read leaves the bytes in the kernel's buffers and then the server's.
        if (read) {
          res.setEncoding("utf8");
          res.on("data", (chunk: string) => {
            text += chunk;
          });
        }
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          get text() {
            return text;
          },
          get events() {
            return [...text.matchAll(/^data: (.*)$/gm)].map((m) => JSON.parse(m[1] ?? "null") as { type: string });
          },
          closed,
          close: () => res.destroy(),
        });
      },
    );
    req.on("error", reject);
    req.end();
  });
}
