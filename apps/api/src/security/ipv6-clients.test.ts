/**
 * An IPv6 host owns a whole /64 and may use any address in it. Every per-client limit was keyed by the full
 * address, so one host was unlimited: 80 sign-ins of fresh wallets from `2001:db8:1:1::<i>` all succeeded
 * (one IPv4 address gets 40), and 5,100 live-update streams from one /64 were accepted until the instance's
 * own cap answered 503 to everyone else. Now every limit counts an IPv6 client by its /64
 * (http/client-key.ts), and an IPv4-mapped address as the IPv4 address.
 */
import { EventEmitter } from "node:events";
import type { Server } from "node:http";
import type { Socket } from "node:net";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { createSiweMessage } from "viem/siwe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NEW_SESSIONS_PER_IP_PER_HOUR } from "../auth/session-limit";
import { MAX_STREAMS_PER_IP, MAX_STREAMS_PER_NETWORK } from "../events/stream";
import { limitConnectionsPerIp } from "../http/connection-limits";
import { createTestApp, type TestApp } from "../testing/app";
import { startTestChain, type TestChain } from "../testing/chain";
import { openStream, type StreamClient } from "./live-stream-client";

let chain: TestChain;
let t: TestApp;
let url: string;
beforeAll(async () => {
  chain = await startTestChain();
  // Every socket comes from 127.0.0.1, the trusted proxy, as behind a reverse proxy (README: no socket cap there).
  t = await createTestApp(chain, "pglite", { RATE_LIMIT: "true", MAX_CONNECTIONS_PER_IP: "0" });
  url = await t.app.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(async () => {
  await t?.close();
  await chain?.stop();
});

/**
 * One sign-in of a fresh wallet as client `ip`: straight from that address, or (`viaProxy`) through the
 * trusted proxy on this machine naming it in X-Forwarded-For. The status of the first refusal, or 200.
 */
async function signInFresh(ip: string, viaProxy = false): Promise<number> {
  const from = viaProxy
    ? { remoteAddress: "127.0.0.1", headers: { "x-forwarded-for": ip } }
    : { remoteAddress: ip, headers: {} };
  const nonceRes = await t.app.inject({ method: "GET", url: "/api/auth/nonce", ...from });
  if (nonceRes.statusCode !== 200) return nonceRes.statusCode;
  const account = privateKeyToAccount(generatePrivateKey());
  const site = new URL(t.config.publicUrl);
  const message = createSiweMessage({
    address: account.address,
    chainId: t.config.chainId,
    domain: site.host,
    uri: site.origin,
    nonce: nonceRes.json().nonce,
    version: "1",
    issuedAt: new Date(),
  });
  const cookie = nonceRes.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
  const res = await t.app.inject({
    method: "POST",
    url: "/api/auth/verify",
    ...from,
    headers: { ...from.headers, cookie },
    payload: { message, signature: await account.signMessage({ message }) },
  });
  return res.statusCode;
}

describe("IPv6 clients are counted by their /64", () => {
  it(`80 sign-ins from 80 addresses of one /64 (directly and through the proxy): ${NEW_SESSIONS_PER_IP_PER_HOUR} succeed, like one IPv4 address`, async () => {
    const codes: number[] = [];
    for (let i = 1; i <= 80; i++) {
      // Written every way a client or proxy may: compressed, full, upper case.
      const address =
        i % 3 === 0
          ? `2001:0db8:0001:0001:0000:0000:0000:${i.toString(16).padStart(4, "0")}`
          : i % 3 === 1
            ? `2001:db8:1:1::${i.toString(16)}`
            : `2001:DB8:1:1:A::${i.toString(16).toUpperCase()}`;
      codes.push(await signInFresh(address, i % 2 === 0));
    }
    const ok = codes.filter((c) => c === 200).length;
    console.log(`IPv6 sign-in flood: 80 fresh wallets from one /64, ${ok} sessions opened`);
    // Before: 80 of 80.
    expect(ok).toBe(NEW_SESSIONS_PER_IP_PER_HOUR);
    expect(codes.slice(NEW_SESSIONS_PER_IP_PER_HOUR).every((c) => c === 429)).toBe(true);
    // The neighbouring /64 is another client.
    expect(await signInFresh("2001:db8:1:2::1")).toBe(200);
  });

  it("an IPv4-mapped address is the IPv4 address: they share one sign-in budget", async () => {
    const nonce = (remoteAddress: string) =>
      t.app.inject({ method: "GET", url: "/api/auth/nonce", remoteAddress }).then((r) => r.statusCode);
    const codes: number[] = [];
    for (let i = 0; i < 61; i++) codes.push(await nonce(i % 2 ? "::ffff:198.51.100.33" : "198.51.100.33"));
    expect(codes.slice(0, 60).every((c) => c === 200)).toBe(true);
    expect(codes[60]).toBe(429);
  });

  it(`one /64 holds at most ${MAX_STREAMS_PER_IP} live-update streams, whatever addresses of it they come from`, async () => {
    const streams: StreamClient[] = [];
    try {
      for (let i = 1; i <= MAX_STREAMS_PER_IP; i++) {
        streams.push(await openStream(url, { forwardedFor: `2001:db8:5:5:${i.toString(16)}::1`, read: false }));
      }
      expect(streams.every((s) => s.status === 200)).toBe(true);
      // Before: accepted (each address its own 200).
      const over = await openStream(url, { forwardedFor: "2001:db8:5:5:ffff::2" });
      streams.push(over);
      expect(over.status).toBe(429);
      await over.closed;
      expect(over.text).toMatch(/Too many live-update connections from your network/);
      const neighbour = await openStream(url, { forwardedFor: "2001:db8:5:6::1" });
      streams.push(neighbour);
      expect(neighbour.status).toBe(200);
    } finally {
      for (const s of streams) s.close();
    }
  });

  it(`one /48 holds at most ${MAX_STREAMS_PER_NETWORK} live-update streams, however many /64s it spreads them over`, async () => {
    const streams: StreamClient[] = [];
    try {
      const perSubnet = MAX_STREAMS_PER_NETWORK / MAX_STREAMS_PER_IP;
      for (let subnet = 1; subnet <= perSubnet; subnet++) {
        for (let i = 1; i <= MAX_STREAMS_PER_IP; i++) {
          streams.push(await openStream(url, { forwardedFor: `2001:db8:7:${subnet}::${i.toString(16)}`, read: false }));
        }
      }
      expect(streams.every((s) => s.status === 200)).toBe(true);
      // Before: accepted, and 26 /64s of one /48 held every stream of the instance (others got 503).
      const over = await openStream(url, { forwardedFor: `2001:db8:7:${perSubnet + 1}::1` });
      streams.push(over);
      expect(over.status).toBe(429);
      await over.closed;
      expect(over.text).toMatch(/Too many live-update connections from your network \(1000\)/);
      const otherNetwork = await openStream(url, { forwardedFor: "2001:db8:8:1::1" });
      streams.push(otherNetwork);
      expect(otherNetwork.status).toBe(200);
    } finally {
      for (const s of streams) s.close();
    }
    // Closed streams are counted out (once the server has seen them close): the /48 opens again.
    const deadline = Date.now() + 10_000;
    for (;;) {
      const again = await openStream(url, { forwardedFor: "2001:db8:7:99::1" });
      again.close();
      if (again.status === 200) break;
      if (Date.now() > deadline) throw new Error(`the /48 stayed full after its streams closed (${again.status})`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  });

  it("sockets per address: one /64 shares the cap, an IPv4-mapped socket is its IPv4 address", () => {
    const server = new EventEmitter() as unknown as Server;
    limitConnectionsPerIp(server, { maxConnectionsPerIp: 3 });
    const connect = (remoteAddress: string) => {
      const socket = Object.assign(new EventEmitter(), {
        remoteAddress,
        destroyed: false,
        destroy() {
          socket.destroyed = true;
        },
      });
      server.emit("connection", socket as unknown as Socket);
      return socket;
    };
    const sixes = [1, 2, 3, 4].map((i) => connect(`2001:db8:9:9::${i}`));
    // Before: four addresses, four sockets.
    expect(sixes.map((s) => s.destroyed)).toEqual([false, false, false, true]);
    expect(connect("2001:db8:9:a::1").destroyed).toBe(false);
    sixes[0]?.emit("close");
    expect(connect("2001:db8:9:9:ffff::1").destroyed).toBe(false);
    const fours = ["203.0.113.9", "::ffff:203.0.113.9", "::FFFF:203.0.113.9", "203.0.113.9"].map(connect);
    expect(fours.map((s) => s.destroyed)).toEqual([false, false, false, true]);
  });
});
