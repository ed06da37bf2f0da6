/**
 * LISTEN over a connection that goes silent without closing (a NAT or firewall between machines dropping an
 * idle flow): the ping notices, the connection is reopened, and notifications arrive again.
 */
import { createServer, type Server, type Socket, connect as tcpConnect } from "node:net";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { listenPostgres } from "./listen";

const url = process.env.TEST_DATABASE_URL;

/** A TCP proxy to PostgreSQL whose open connections can be made silent (bytes dropped, nothing closed). */
async function silenceableProxy(target: URL) {
  const flows: { client: Socket; server: Socket; silent: boolean }[] = [];
  const proxy: Server = createServer((client) => {
    const server = tcpConnect(Number(target.port || 5432), target.hostname);
    const flow = { client, server, silent: false };
    flows.push(flow);
    client.on("data", (chunk) => flow.silent || server.write(chunk));
    server.on("data", (chunk) => flow.silent || client.write(chunk));
    const close = () => {
      client.destroy();
      server.destroy();
    };
    client.on("error", close);
    server.on("error", close);
    client.on("close", close);
    server.on("close", close);
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  const address = proxy.address();
  const port = typeof address === "object" && address ? address.port : 0;
  const through = new URL(target);
  through.hostname = "127.0.0.1";
  through.port = String(port);
  return {
    url: through.toString(),
    silenceAll: () => {
      for (const flow of flows) flow.silent = true;
    },
    close: async () => {
      for (const flow of flows) {
        flow.client.destroy();
        flow.server.destroy();
      }
      await new Promise((resolve) => proxy.close(resolve));
    },
  };
}

describe("LISTEN connection", () => {
  it.runIf(url)(
    "a connection gone silent is noticed by its ping and reopened; notifications arrive again",
    async () => {
      const proxy = await silenceableProxy(new URL(url!));
      const notifier = new pg.Client({ connectionString: url });
      await notifier.connect();
      const heard: string[] = [];
      const errors: string[] = [];
      let reconnects = 0;
      const stop = await listenPostgres({
        connectionString: proxy.url,
        channel: "classcoin_listen_test",
        onPayload: (payload) => heard.push(payload),
        onError: (error) => errors.push(error.message),
        onReconnect: () => reconnects++,
        pingMs: 200,
        pingTimeoutMs: 300,
      });
      const until = async (check: () => boolean, ms: number) => {
        const started = Date.now();
        while (!check()) {
          if (Date.now() - started > ms) throw new Error(`not within ${ms} ms: ${JSON.stringify({ heard, errors })}`);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      };
      try {
        await notifier.query("NOTIFY classcoin_listen_test, 'one'");
        await until(() => heard.includes("one"), 2_000);
        proxy.silenceAll();
        await notifier.query("NOTIFY classcoin_listen_test, 'lost'");
        // Before: no ping, no error; this instance heard nothing more, for good.
        await until(() => errors.some((e) => e.includes("did not answer a ping")), 2_000);
        await until(() => reconnects > 0, 5_000);
        await notifier.query("NOTIFY classcoin_listen_test, 'two'");
        await until(() => heard.includes("two"), 2_000);
        expect(heard).not.toContain("lost");
      } finally {
        await stop();
        await notifier.end();
        await proxy.close();
      }
    },
  );
});
