/** A pass-through JSON-RPC proxy that counts calls by method, to see which endpoints touch the chain. */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export interface RpcCounter {
  url: string;
  counts: Map<string, number>;
  total(): number;
  reset(): void;
  close(): Promise<void>;
}

export async function startRpcCounter(upstream: string): Promise<RpcCounter> {
  const counts = new Map<string, number>();
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    try {
      const parsed = JSON.parse(body.toString()) as { method?: string } | { method?: string }[];
      for (const call of Array.isArray(parsed) ? parsed : [parsed]) {
        const m = call.method ?? "?";
        counts.set(m, (counts.get(m) ?? 0) + 1);
      }
    } catch {
      counts.set("unparsed", (counts.get("unparsed") ?? 0) + 1);
    }
    const answer = await fetch(upstream, { method: "POST", headers: { "content-type": "application/json" }, body });
    res.writeHead(answer.status, { "content-type": "application/json" });
    res.end(Buffer.from(await answer.arrayBuffer()));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    counts,
    total: () => [...counts.values()].reduce((s, n) => s + n, 0),
    reset: () => counts.clear(),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
