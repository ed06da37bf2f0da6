import Fastify, { type FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { gracefulStopper } from "./shutdown";

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.close().catch(() => {})));
});

async function serverWithSlowRoute(ms: number) {
  const app = Fastify();
  app.get("/slow", async () => {
    await new Promise((r) => setTimeout(r, ms));
    return { done: true };
  });
  app.get("/fast", async () => ({ done: true }));
  await app.listen({ port: 0, host: "127.0.0.1" });
  apps.push(app);
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  const lines: string[] = [];
  const log = {
    info: (m: string) => lines.push(`info ${m}`),
    warn: (m: string) => lines.push(`warn ${m}`),
    error: (m: string) => lines.push(`error ${m}`),
  } as unknown as FastifyInstance["log"];
  const exits: number[] = [];
  return { app, url, lines, log, exits, close: () => app.close() };
}

describe("graceful shutdown", () => {
  it("behavior: SIGTERM lets a request in flight finish, refuses new connections and logs one line when stopped", async () => {
    const s = await serverWithSlowRoute(600);
    const stop = gracefulStopper(s, { drainMs: 5_000, log: s.log, exit: (c) => s.exits.push(c) });
    // A keep-alive connection that sits idle must not hold the shutdown up.
    await fetch(`${s.url}/fast`);
    const inFlight = fetch(`${s.url}/slow`).then(async (r) => ({ status: r.status, body: await r.json() }));
    await new Promise((r) => setTimeout(r, 100));
    const started = Date.now();
    const stopped = stop("SIGTERM");
    // The same signal again at once (npm forwarding its copy, a process-group Ctrl-C) changes nothing.
    await stop("SIGTERM");
    expect(await inFlight).toEqual({ status: 200, body: { done: true } });
    await stopped;
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(s.exits).toEqual([0]);
    expect(s.lines[0]).toMatch(/^info SIGTERM: shutting down; finishing requests in flight \(drain limit 5 s\)/);
    expect(s.lines.at(-1)).toMatch(/^info ClassCoin API stopped \(SIGTERM\) in \d+ ms$/);
    await expect(fetch(`${s.url}/fast`)).rejects.toThrow();
  });

  it("behavior: a request still running at the drain limit is cut off, and the process exits", async () => {
    const s = await serverWithSlowRoute(30_000);
    const stop = gracefulStopper(s, { drainMs: 300, log: s.log, exit: (c) => s.exits.push(c) });
    const inFlight = fetch(`${s.url}/slow`).then(
      (r) => r.status,
      () => "cut",
    );
    await new Promise((r) => setTimeout(r, 100));
    const started = Date.now();
    await stop("SIGTERM");
    expect(await inFlight).toBe("cut");
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(s.lines.some((l) => l.startsWith("warn Drain limit of 0.3 s reached"))).toBe(true);
    expect(s.exits).toEqual([0]);
  });
});
