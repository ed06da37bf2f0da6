/**
 * A pass-through JSON-RPC proxy that counts calls by method, to see which endpoints touch the chain. Browsers
 * reach it too (the PUBLIC_RPC_URL /api/config hands them), from another origin: it answers their CORS
 * preflights itself, as a public RPC endpoint does, and counts HTTP requests by method apart from the calls
 * (a provider that limits requests per IP counts both).
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export interface RpcCounter {
  url: string;
  /** JSON-RPC calls by method, those inside batches included. */
  counts: Map<string, number>;
  /** HTTP requests by HTTP method (POST, and OPTIONS: a browser's CORS preflights). */
  requests: Map<string, number>;
  total(): number;
  reset(): void;
  close(): Promise<void>;
}

const CORS = {
  "access-control-allow-origin": "*",
  "access-control-allow-methods": "POST, OPTIONS",
  "access-control-allow-headers": "content-type",
};

export async function startRpcCounter(upstream: string): Promise<RpcCounter> {
  const counts = new Map<string, number>();
  const requests = new Map<string, number>();
  const bump = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
  const server = createServer(async (req, res) => {
    bump(requests, req.method ?? "?");
    if (req.method === "OPTIONS") {
      // No Access-Control-Max-Age, so Chromium keeps a preflight 5 s; a provider may send a longer one.
      res.writeHead(204, CORS);
      res.end();
      return;
    }
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    try {
      const parsed = JSON.parse(body.toString()) as { method?: string } | { method?: string }[];
      for (const call of Array.isArray(parsed) ? parsed : [parsed]) bump(counts, call.method ?? "?");
    } catch {
      bump(counts, "unparsed");
    }
    const answer = await fetch(upstream, { method: "POST", headers: { "content-type": "application/json" }, body });
    res.writeHead(answer.status, { "content-type": "application/json", ...CORS });
    res.end(Buffer.from(await answer.arrayBuffer()));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    counts,
    requests,
    total: () => [...counts.values()].reduce((s, n) => s + n, 0),
    reset: () => {
      counts.clear();
      requests.clear();
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
