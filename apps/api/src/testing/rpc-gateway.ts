/**
 * A real HTTP JSON-RPC endpoint in front of a test anvil, behaving like a hosted provider: it can be taken
 * down and brought back on the same port (an outage), hang (take calls and answer none), and it can refuse eth_getLogs over more than
 * `maxLogRange` blocks with the error such providers answer, or answer a call itself (`answer`).
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface RpcGateway {
  url: string;
  /** eth_getLogs calls answered (refused ones included). */
  getLogsCalls: number;
  /** Every call by method, those in JSON-RPC batches included (what a provider meters). */
  calls: Map<string, number>;
  refusedCalls: number;
  /** While true, calls are read and never answered (a provider that hangs). */
  hanging: boolean;
  /**
   * Answers a single call itself when it resolves to a result (undefined: the call goes on to anvil): a node's
   * timing that a test replays from anvil's own answers.
   */
  answer?: (call: { method: string; params: unknown[] }) => Promise<unknown>;
  up(): Promise<void>;
  down(): Promise<void>;
}

export async function startRpcGateway(
  upstream: string,
  options: { maxLogRange?: number; startDown?: boolean } = {},
): Promise<RpcGateway> {
  let server: Server | undefined;
  let port = 0;
  const gateway: RpcGateway = {
    url: "",
    getLogsCalls: 0,
    calls: new Map(),
    refusedCalls: 0,
    hanging: false,
    async up() {
      if (server) return;
      const next = createServer((req, res) => {
        let body = "";
        req.on("data", (chunk: Buffer) => {
          body += chunk.toString();
        });
        req.on("end", async () => {
          const parsed = JSON.parse(body) as { method?: string } | { method?: string }[];
          for (const call of Array.isArray(parsed) ? parsed : [parsed]) {
            const method = call.method ?? "?";
            gateway.calls.set(method, (gateway.calls.get(method) ?? 0) + 1);
          }
          if (gateway.hanging) return;
          const message = parsed as {
            id: number;
            method: string;
            params?: { fromBlock?: string; toBlock?: string }[];
          };
          const answered = Array.isArray(parsed)
            ? undefined
            : await gateway.answer?.({ method: message.method, params: message.params ?? [] });
          if (answered !== undefined) {
            res.setHeader("content-type", "application/json");
            res.end(JSON.stringify({ jsonrpc: "2.0", id: message.id, result: answered }));
            return;
          }
          if (message.method === "eth_getLogs") {
            gateway.getLogsCalls++;
            const filter = message.params?.[0];
            const span =
              filter?.fromBlock && filter.toBlock ? Number(filter.toBlock) - Number(filter.fromBlock) + 1 : 0;
            if (options.maxLogRange !== undefined && span > options.maxLogRange) {
              gateway.refusedCalls++;
              res.setHeader("content-type", "application/json");
              res.end(
                JSON.stringify({
                  jsonrpc: "2.0",
                  id: message.id,
                  error: { code: -32005, message: `query exceeds max block range ${options.maxLogRange}` },
                }),
              );
              return;
            }
          }
          const answer = await fetch(upstream, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body,
          });
          res.setHeader("content-type", "application/json");
          res.end(await answer.text());
        });
      });
      await new Promise<void>((resolve, reject) => {
        next.once("error", reject);
        next.listen(port, "127.0.0.1", () => resolve());
      });
      port = (next.address() as AddressInfo).port;
      gateway.url = `http://127.0.0.1:${port}`;
      server = next;
    },
    async down() {
      const current = server;
      if (!current) return;
      server = undefined;
      current.closeAllConnections();
      await new Promise<void>((resolve) => current.close(() => resolve()));
    },
  };
  await gateway.up();
  if (options.startDown) await gateway.down();
  return gateway;
}
