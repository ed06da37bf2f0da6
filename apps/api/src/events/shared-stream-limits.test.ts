/**
 * Live-update stream limits across instances: with REDIS_URL, one client's streams, its IPv6 /48's and its
 * opens are counted once for all instances (before, each instance allowed the full limits, so N instances
 * gave one client N times them), and an instance that dies or is cut off from Redis frees its clients'
 * places within the lease. Two bare stream servers over real sockets and one Redis, with limits small enough
 * for a test (the real app at its real 200: events/live-events.test.ts). The Redis cases run when
 * TEST_REDIS_URL is set (e.g. redis://127.0.0.1:6379).
 */
import { spawn } from "node:child_process";
import { randomInt } from "node:crypto";
import { existsSync } from "node:fs";
import { createServer, type Socket, connect as tcpConnect } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { REDIS_COMMAND_TIMEOUT_MS, REDIS_PING_MS } from "../http/redis-connection";
import { openStream, type StreamClient } from "../security/live-stream-client";
import { freePort } from "../testing/free-port";
import { type StreamServer, startStreamServer } from "../testing/stream-server";
import { DEFAULT_STREAM_LIMITS, type StreamLimits } from "./stream";

const redisUrl = process.env.TEST_REDIS_URL;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const LIMITS: StreamLimits = {
  ...DEFAULT_STREAM_LIMITS,
  opens: null,
  perClient: 4,
  perNetwork: 6,
  shared: { leaseMs: 1_500, heartbeatMs: 300 },
};

const servers: StreamServer[] = [];
const streams: StreamClient[] = [];
const cleanups: (() => void)[] = [];
afterEach(async () => {
  for (const stream of streams.splice(0)) stream.close();
  await Promise.all(servers.splice(0).map((server) => server.app.close()));
  for (const cleanup of cleanups.splice(0)) cleanup();
});

async function instance(
  limits: StreamLimits,
  url = redisUrl,
  rateLimit = false,
  log?: { write(line: string): void },
): Promise<StreamServer> {
  const server = await startStreamServer(limits, { redisUrl: url, rateLimit }, log);
  servers.push(server);
  return server;
}

/** A client of its own on every run: Redis keeps what an earlier run counted until its leases end. */
const freshIpv4 = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
const freshIpv6Network = () => `2001:db8:${randomInt(65536).toString(16)}`;

/** Opens a stream from `ip`; a refused one is read to its end, for its message. */
async function open(server: StreamServer, ip: string) {
  const stream = await openStream(server.url, { forwardedFor: ip });
  streams.push(stream);
  if (stream.status !== 200) await stream.closed;
  const body = stream.status === 200 ? null : (JSON.parse(stream.text) as { error: string });
  return { stream, status: stream.status, error: body?.error, retryAfter: stream.headers["retry-after"] };
}

/** Tries `server` every 50 ms until it opens a stream from `ip`: how long that took, or null within `ms`. */
async function opensWithin(server: StreamServer, ip: string, ms: number): Promise<number | null> {
  const started = Date.now();
  while (Date.now() - started < ms) {
    const tried = await open(server, ip);
    if (tried.status === 200) return Date.now() - started;
    await sleep(50);
  }
  return null;
}

/** Whether something listens on `port`. */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = tcpConnect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/** A TCP relay to Redis that the test can cut, as a crash or a broken network would. */
async function redisThroughRelay(url: string): Promise<{ url: string; cut(): void }> {
  const target = new URL(url);
  const sockets = new Set<Socket>();
  const relay = createServer((inbound) => {
    const outbound = tcpConnect(Number(target.port || 6379), target.hostname);
    for (const socket of [inbound, outbound]) {
      sockets.add(socket);
      socket.on("error", () => {});
      socket.on("close", () => sockets.delete(socket));
    }
    inbound.pipe(outbound).pipe(inbound);
  });
  await new Promise<void>((resolve) => relay.listen(0, "127.0.0.1", resolve));
  const address = relay.address();
  const port = typeof address === "object" && address ? address.port : 0;
  const cut = () => {
    relay.close();
    for (const socket of sockets) socket.destroy();
  };
  cleanups.push(cut);
  return { url: `redis://127.0.0.1:${port}`, cut };
}

describe.runIf(redisUrl)("live-update stream limits across instances (Redis)", () => {
  it("behavior: one client opening on two instances in turn is refused at its limit in total; a closed stream frees a place on the other", async () => {
    const [a, b] = [await instance(LIMITS), await instance(LIMITS)];
    const ip = freshIpv4();
    const opened: number[] = [];
    for (const server of [a, b, a, b]) opened.push((await open(server, ip)).status);
    expect(opened).toEqual([200, 200, 200, 200]);
    // Before: each instance counted its own two, and opened up to 4 more.
    for (const server of [a, b]) {
      const over = await open(server, ip);
      expect(over.status).toBe(429);
      expect(over.error).toBe("Too many live-update connections from your network (4); close some tabs of this site.");
    }
    const onA = streams.find((stream) => stream.status === 200);
    onA?.close();
    expect(await opensWithin(b, ip, 2_000)).not.toBeNull();
    expect((await open(a, ip)).status).toBe(429);
  });

  it("behavior: one IPv6 /48 is limited in total across instances, whichever /64s its streams come from", async () => {
    const [a, b] = [await instance(LIMITS), await instance(LIMITS)];
    const network = freshIpv6Network();
    const statuses: number[] = [];
    for (let i = 1; i <= 6; i++) statuses.push((await open(i % 2 ? a : b, `${network}:${i}::1`)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
    const over = await open(a, `${network}:7::1`);
    expect(over.status).toBe(429);
    expect(over.error).toBe("Too many live-update connections from your network (6); close some tabs of this site.");
  });

  it("behavior: one client's opens are counted once for all instances, and the 429 says how long to wait", async () => {
    const limits = { ...LIMITS, opens: { burst: 3, perSecond: 0.5 } };
    const [a, b] = [await instance(limits, redisUrl, true), await instance(limits, redisUrl, true)];
    const ip = freshIpv4();
    const statuses: number[] = [];
    for (const server of [a, b, a]) {
      const tried = await open(server, ip);
      statuses.push(tried.status);
      tried.stream.close();
    }
    expect(statuses).toEqual([200, 200, 200]);
    // Before: b had used one of its own 3.
    const over = await open(b, ip);
    expect(over.status).toBe(429);
    expect(Number(over.retryAfter)).toBeGreaterThanOrEqual(1);
    expect(over.error).toMatch(/^Live updates were opened too often from your network; wait \d+ seconds? before/);
  });

  it("behavior: an instance cut off from Redis (crashed, its heartbeat gone) frees its client's places within the lease; a live one keeps them", async () => {
    const relay = await redisThroughRelay(redisUrl ?? "");
    const dying = await instance(LIMITS, relay.url);
    const b = await instance(LIMITS);
    const ip = freshIpv4();
    for (let i = 0; i < 4; i++) expect((await open(dying, ip)).status).toBe(200);
    // Past two leases the heartbeat still holds them.
    await sleep(2 * LIMITS.shared.leaseMs);
    expect((await open(b, ip)).status).toBe(429);
    relay.cut();
    const freedAfter = await opensWithin(b, ip, LIMITS.shared.leaseMs + 2_000);
    console.log(`cut off from Redis: its client opened on the other instance ${freedAfter} ms later`);
    expect(freedAfter).not.toBeNull();
    expect(freedAfter ?? Number.POSITIVE_INFINITY).toBeLessThanOrEqual(LIMITS.shared.leaseMs + 1_000);
  });

  it("behavior: an instance that shuts down frees its client's places at once", async () => {
    const a = await instance(LIMITS);
    const b = await instance(LIMITS);
    const ip = freshIpv4();
    for (let i = 0; i < 4; i++) expect((await open(a, ip)).status).toBe(200);
    expect((await open(b, ip)).status).toBe(429);
    servers.splice(servers.indexOf(a), 1);
    await a.app.close();
    expect((await open(b, ip)).status).toBe(200);
  });
});

describe("live-update stream limits when Redis does not answer", () => {
  it("behavior: streams still open, limited by each instance as without Redis, and none waits long", async () => {
    const a = await instance(LIMITS, "redis://127.0.0.1:9");
    const ip = freshIpv4();
    const started = Date.now();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await open(a, ip)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it.runIf(existsSync("/usr/bin/redis-server"))(
    "behavior: a Redis that stops answering (paused, connection open) delays no open past its timeout; each instance limits its own, and the log says so",
    async () => {
      const port = await freePort();
      const redis = spawn("/usr/bin/redis-server", ["--port", String(port), "--save", "", "--appendonly", "no"], {
        stdio: "ignore",
      });
      cleanups.push(() => {
        redis.kill("SIGCONT");
        redis.kill("SIGKILL");
      });
      const url = `redis://127.0.0.1:${port}`;
      const logged: string[] = [];
      const log = { write: (line: string) => logged.push(line) };
      // A Redis just started may not listen yet.
      for (let tries = 0; !(await accepts(port)); tries++) {
        if (tries > 50) throw new Error(`Redis on port ${port} never started`);
        await sleep(100);
      }
      const a = await instance(LIMITS, url, false, log);
      const b = await instance(LIMITS, url);
      const counted = freshIpv4();
      for (const server of [a, b, a, b]) expect((await open(server, counted)).status).toBe(200);
      expect((await open(a, counted)).status).toBe(429);
      redis.kill("SIGSTOP");
      const ip = freshIpv4();
      const started = Date.now();
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) statuses.push((await open(a, ip)).status);
      const took = Date.now() - started;
      console.log(`five opens with Redis paused took ${took} ms`);
      expect(statuses).toEqual([200, 200, 200, 200, 429]);
      expect(took, `five opens with Redis paused took ${took} ms`).toBeLessThan(5 * REDIS_COMMAND_TIMEOUT_MS + 1_500);
      const warned = () => logged.some((line) => line.includes("Redis (live-update stream limits) unreachable"));
      const deadline = Date.now() + REDIS_PING_MS + 3_000;
      while (!warned() && Date.now() < deadline) await sleep(100);
      expect(warned(), logged.join("")).toBe(true);
    },
  );
});
