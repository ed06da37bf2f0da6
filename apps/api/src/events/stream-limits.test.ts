/**
 * The total budget of bytes waiting for slow clients, over real sockets: the stream with the largest backlog
 * is dropped when all of them together hold too much, while a client that reads keeps its stream and every
 * event. The stream runs on a bare Fastify app with an in-memory bus and a budget small enough for a test
 * (production's is 64 MB: security/live-stream-abuse.test.ts shows the per-stream cap on the real app).
 */
import { afterEach, describe, expect, it } from "vitest";
import { openStream, type StreamClient } from "../security/live-stream-client";
import { type StreamServer, startStreamServer } from "../testing/stream-server";
import { DEFAULT_STREAM_LIMITS } from "./stream";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let server: StreamServer | undefined;
afterEach(async () => {
  await server?.app.close();
  server = undefined;
});

describe("the total budget of bytes waiting for slow clients", () => {
  it("over the budget, the largest backlogs are dropped until it fits; a reader keeps its stream and every event", async () => {
    const budget = 1024 * 1024;
    const started = await startStreamServer({
      ...DEFAULT_STREAM_LIMITS,
      buffered: { perStream: 64 * 1024 * 1024, total: budget },
      opens: null,
    });
    server = started;
    const { url, registry } = started;
    const reader = await openStream(url, { forwardedFor: "198.51.100.1" });
    const stalled: StreamClient[] = [];
    for (let i = 0; i < 6; i++)
      stalled.push(await openStream(url, { forwardedFor: `198.51.100.${10 + i}`, read: false }));
    let delivered = 0;
    let most = 0;
    try {
      const note = "x".repeat(8_000);
      // One event a tick, as NOTIFY brings them, until stalled streams are dropped (the kernel's buffers
      // fill first, then the server's).
      for (let i = 0; i < 5_000 && started.subscribers === 7; i++) {
        started.deliver({ type: "award", wallet: "0x1", amount: i, note, txHash: "0x" });
        delivered++;
        await new Promise((resolve) => setImmediate(resolve));
        await new Promise((resolve) => setImmediate(resolve));
        most = Math.max(most, registry.buffered);
      }
      console.log(
        `total budget: ${7 - started.subscribers} of 6 stalled streams dropped after ${delivered} events of 8 KB; at most ${(most / 1024).toFixed(0)} KB left waiting (budget ${budget / 1024} KB)`,
      );
      // Before: no total; each stalled stream kept up to 1 MB (here it may keep 64 MB).
      expect(started.subscribers).toBeLessThan(7);
      expect(started.subscribers).toBeGreaterThan(1);
      expect(most).toBeLessThanOrEqual(budget);
      const waited = Date.now();
      while (reader.events.length < delivered && Date.now() - waited < 5_000) await sleep(20);
      expect(reader.events).toHaveLength(delivered);
      expect(registry.open).toBe(started.subscribers);
    } finally {
      reader.close();
      for (const s of stalled) s.close();
    }
  });
});
