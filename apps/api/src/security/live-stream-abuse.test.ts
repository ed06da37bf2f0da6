/**
 * `GET /api/events` needs no session, so what a stream costs the server is bounded per client and in all:
 * a catch-up sends at most 100 events and 64 KB (else `sync`), one client opens streams at 200 at once and
 * then 2 a second, and a client that stops reading is dropped once 256 KB wait for it, its socket freed.
 * Before: 40 clients reopening streams 500 events back drew 922 replays and 96 MB in 5 s, and a stream that
 * was never read held up to 1 MB (plus its socket) each.
 */
import type { LiveEvent } from "@classcoin/shared/live-events";
import { max } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { liveEvents } from "../db/schema";
import { REPLAY_MAX_EVENTS } from "../events/bus";
import { REPLAY_MAX_BYTES, STREAM_OPENS } from "../events/stream";
import { createTestApp, type TestApp } from "../testing/app";
import { startTestChain, type TestChain } from "../testing/chain";
import { openStream, type StreamClient } from "./live-stream-client";

let chain: TestChain;
let t: TestApp;
let url: string;
beforeAll(async () => {
  chain = await startTestChain();
  t = await createTestApp(chain, "pglite", { RATE_LIMIT: "true" });
  url = await t.app.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(async () => {
  await t?.close();
  await chain?.stop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The stream's id of the newest event (its commit_seq). */
async function newestId(): Promise<number> {
  const [row] = await t.database.db.select({ id: max(liveEvents.commitSeq) }).from(liveEvents);
  return row?.id ?? 0;
}

/** Stores `count` events at once (each announced to the app, as a trigger's would be); the newest id before. */
async function storeEvents(count: number, event: (i: number) => LiveEvent): Promise<number> {
  const before = await newestId();
  const rows = Array.from({ length: count }, (_, i) => ({ type: event(i).type, data: event(i) }));
  await t.database.db.insert(liveEvents).values(rows);
  return before;
}

const bounty = (tag: string) => (i: number) =>
  ({ type: "bounty.changed", bountyId: `${tag}-${i}`, status: null }) satisfies LiveEvent;

/** The events a stream opened after `lastEventId` sends in its first moments. */
async function caughtUp(lastEventId: number, forwardedFor: string): Promise<string[]> {
  const stream = await openStream(url, { lastEventId, forwardedFor });
  expect(stream.status).toBe(200);
  await sleep(300);
  stream.close();
  return stream.events.map((e) => e.type);
}

describe("live-update streams cost the server a bounded amount", () => {
  it(`a catch-up sends at most ${REPLAY_MAX_EVENTS} events and ${REPLAY_MAX_BYTES / 1024} KB; past that, sync`, async () => {
    const few = await storeEvents(20, bounty("few"));
    expect(await caughtUp(few, "198.51.100.1")).toEqual(Array(20).fill("bounty.changed"));
    // Before: all 150 sent.
    const many = await storeEvents(150, bounty("many"));
    expect(await caughtUp(many, "198.51.100.1")).toEqual(["sync"]);
    // 60 awards with a 2,000-character note: about 128 KB. Before: all sent.
    const big = await storeEvents(60, (i) => ({
      type: "award",
      wallet: `0x${"1".repeat(40)}`,
      amount: i,
      note: "n".repeat(2_000),
      txHash: `0x${"2".repeat(64)}`,
    }));
    expect(await caughtUp(big, "198.51.100.1")).toEqual(["sync"]);
  });

  it("40 clients reopening streams 500 events back, 10 times each, from one network: a few KB, not tens of MB", async () => {
    const from = await storeEvents(500, bounty("flood"));
    let bytes = 0;
    let opened = 0;
    let refused = 0;
    const started = Date.now();
    const client = async () => {
      for (let i = 0; i < 10; i++) {
        const stream = await openStream(url, { lastEventId: from, forwardedFor: "203.0.113.50" });
        if (stream.status === 200) opened++;
        else refused++;
        // Until the catch-up (or the refusal) has arrived.
        const waited = Date.now();
        while (stream.status === 200 && !stream.text.includes("data:") && Date.now() - waited < 2_000) await sleep(5);
        if (stream.status !== 200) await stream.closed;
        bytes += Buffer.byteLength(stream.text);
        stream.close();
      }
    };
    await Promise.all(Array.from({ length: 40 }, () => client()));
    const seconds = (Date.now() - started) / 1000;
    console.log(
      `replay flood: 400 opens in ${seconds.toFixed(1)} s, ${opened} streams opened (${refused} × 429), ${(bytes / 1024).toFixed(0)} KB sent`,
    );
    // Before: 400 replays of 500 events, ~40 KB each.
    expect(bytes).toBeLessThan(256 * 1024);
    expect(opened).toBeLessThanOrEqual(STREAM_OPENS.burst + Math.ceil(seconds * STREAM_OPENS.perSecond) + 1);
    expect(refused).toBeGreaterThan(0);
  });

  it(`one client opens ${STREAM_OPENS.burst} streams at once, then ${STREAM_OPENS.perSecond} a second; the 429 says when; others are not affected`, async () => {
    const started = Date.now();
    let opened = 0;
    let refused: StreamClient | undefined;
    while (!refused && opened < 2 * STREAM_OPENS.burst) {
      const stream = await openStream(url, { forwardedFor: `2001:db8:77:77::${(opened % 0xffff).toString(16)}` });
      if (stream.status !== 200) refused = stream;
      else {
        opened++;
        stream.close();
      }
    }
    const seconds = (Date.now() - started) / 1000;
    // Before: 200, as often as asked. The bucket refills while the burst is opened one by one.
    expect(refused?.status).toBe(429);
    expect(opened).toBeGreaterThanOrEqual(STREAM_OPENS.burst);
    expect(opened).toBeLessThanOrEqual(STREAM_OPENS.burst + Math.ceil(seconds * STREAM_OPENS.perSecond) + 1);
    expect(Number(refused?.headers["retry-after"])).toBeGreaterThan(0);
    await refused?.closed;
    expect(JSON.parse(refused?.text ?? "{}").error).toMatch(
      /opened too often from your network; wait \d+ seconds? before/,
    );
    const other = await openStream(url, { forwardedFor: "198.51.100.2" });
    expect(other.status).toBe(200);
    other.close();
    await sleep((1_000 / STREAM_OPENS.perSecond) * 1.2);
    const again = await openStream(url, { forwardedFor: "2001:db8:77:77::3" });
    expect(again.status).toBe(200);
    again.close();
  });

  it("a client that never reads is dropped once its backlog passes the cap; its socket is freed, a reader gets every event", async () => {
    const reader = await openStream(url, { forwardedFor: "198.51.100.3" });
    const stalled = await openStream(url, { forwardedFor: "198.51.100.4", read: false });
    const connections = () =>
      new Promise<number>((resolve, reject) => t.app.server.getConnections((e, n) => (e ? reject(e) : resolve(n))));
    const subscribers = t.app.events.subscribers;
    let published = 0;
    try {
      // 4 KB events until the server gives up on the stalled client (the kernel's buffers take some first).
      const note = "x".repeat(4_000);
      for (let round = 0; round < 100 && t.app.events.subscribers === subscribers; round++) {
        await storeEvents(50, (i) => ({ type: "award", wallet: `0x${"3".repeat(40)}`, amount: i, note, txHash: "0x" }));
        published += 50;
        await sleep(20);
      }
      const sentMb = (published * 4_100) / 1024 / 1024;
      console.log(`slow reader: dropped after ${published} events (${sentMb.toFixed(1)} MB to each stream)`);
      expect(t.app.events.subscribers, "the stalled stream was never dropped").toBe(subscribers - 1);
      // The server holds no socket for it any more, though its client still has not read a byte. Before:
      // ended, not dropped, so the socket stayed with everything that waited in it.
      const started = Date.now();
      while ((await connections()) > 1 && Date.now() - started < 2_000) await sleep(20);
      expect(await connections()).toBe(1);
      // The reader got every event.
      const waited = Date.now();
      while (reader.events.filter((e) => e.type === "award").length < published && Date.now() - waited < 5_000) {
        await sleep(20);
      }
      expect(reader.events.filter((e) => e.type === "award")).toHaveLength(published);
    } finally {
      reader.close();
      stalled.close();
    }
  });
});
