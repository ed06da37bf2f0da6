/**
 * Connection limits against slow bodies and socket floods, for a server reachable without a buffering
 * proxy (production should sit behind one: it absorbs slow clients and hands the app whole requests).
 *
 * - A request has `requestTimeoutMs` (default 60 s: a 5 MB upload at 0.7 Mbit/s) to arrive whole, headers
 *   within 15 s of that; a body trickling a byte every few seconds is answered 408 and closed.
 * - A socket with no traffic for 30 s is closed, a kept-alive one after 10 s idle, and a socket serves at
 *   most 1,000 requests. Not while a write is being answered: an admin's payment waits for its block (up to 3
 *   minutes on a slow Sepolia), silent all along; closed at 30 s, the browser sent the POST again and the
 *   instructor read "signature already used" for a payment that went through (`keepSocketsOfRequestsInFlight`).
 * - One client address may hold `maxConnectionsPerIp` sockets (default 256: a class of 40 behind one school
 *   NAT, six browser connections each), an IPv6 client its /64 (http/client-key.ts); a socket over the cap
 *   is closed at once. Not a trusted proxy's (TRUSTED_PROXIES, this machine by default): behind one every
 *   socket comes from its address, one per open page's live updates, and the cap closed the 257th (nginx then
 *   answered 502 to every page); the proxy limits its own clients, and the app's per-client limits key on
 *   the client IP it passes.
 *
 * Node checks the request and header timeouts every `connectionsCheckingInterval`; 30 s by default, which
 * would let a trickle live twice as long as its timeout, so it is at most 1 s here.
 */
import type { Server } from "node:http";
import { BlockList, isIPv4, type Socket } from "node:net";
import type { FastifyInstance, FastifyServerOptions } from "fastify";
import type { Config } from "../config";
import { clientKey } from "./client-key";
import { DEFAULT_TRUSTED_PROXIES } from "./trusted-proxies";

export const DEFAULT_REQUEST_TIMEOUT_MS = 60_000;
export const DEFAULT_MAX_CONNECTIONS_PER_IP = 256;
export const HEADERS_TIMEOUT_MS = 15_000;
export const IDLE_SOCKET_TIMEOUT_MS = 30_000;
export const KEEP_ALIVE_TIMEOUT_MS = 10_000;
export const MAX_REQUESTS_PER_SOCKET = 1_000;
/**
 * A socket's silence allowed while its request is answered: longer than the longest wait of a handler (a
 * treasury payment's 3 minutes for its block, chain/treasury-payments.ts), still an end for a client that
 * stops reading an answer.
 */
export const IN_FLIGHT_SOCKET_TIMEOUT_MS = 240_000;

type Limits = Pick<Config, "requestTimeoutMs" | "maxConnectionsPerIp" | "trustedProxies">;

/** The Fastify (and Node http.Server) options that bound how long a connection may be held. */
export function connectionServerOptions(config: Limits): FastifyServerOptions {
  const requestTimeout = config.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  const headersTimeout = Math.min(HEADERS_TIMEOUT_MS, requestTimeout);
  return {
    requestTimeout,
    connectionTimeout: Math.min(IDLE_SOCKET_TIMEOUT_MS, requestTimeout),
    keepAliveTimeout: Math.min(KEEP_ALIVE_TIMEOUT_MS, requestTimeout),
    maxRequestsPerSocket: MAX_REQUESTS_PER_SOCKET,
    http: {
      headersTimeout,
      requestTimeout,
      connectionsCheckingInterval: Math.max(100, Math.min(1_000, Math.floor(requestTimeout / 4))),
    },
  } as FastifyServerOptions;
}

/**
 * Lets a socket stay silent while a write (POST) is answered, up to `IN_FLIGHT_SOCKET_TIMEOUT_MS`: the idle
 * timeout is for sockets nobody uses. Reads keep it: they answer at once, and a client that asks for an
 * answer and never reads it must not hold the socket (and the answer) for minutes. A write's answer is small
 * (sent whole into the socket), after which Node arms the kept-alive timeout again; a body still arriving is
 * bounded by the request timeout, which does not depend on the socket's.
 */
export function keepSocketsOfRequestsInFlight(app: FastifyInstance): void {
  app.addHook("onRequest", async (request) => {
    if (request.method !== "POST") return;
    const socket = request.raw.socket as Socket | undefined;
    // `app.inject()` has no real socket.
    if (typeof socket?.setTimeout === "function") socket.setTimeout(IN_FLIGHT_SOCKET_TIMEOUT_MS);
  });
}

/**
 * Counts open sockets per remote address and closes those over the cap as they arrive. Works on the raw
 * server, so a flood is refused before a byte of HTTP is parsed; `app.inject()` opens no socket.
 */
export function limitConnectionsPerIp(server: Server, config: Limits): void {
  const cap = config.maxConnectionsPerIp ?? DEFAULT_MAX_CONNECTIONS_PER_IP;
  if (cap <= 0) return;
  const proxies = trustedProxyList(config.trustedProxies ?? DEFAULT_TRUSTED_PROXIES);
  const open = new Map<string, number>();
  // Before the HTTP parser's own listener, so a refused socket is never parsed.
  server.prependListener("connection", (socket: Socket) => {
    if (socket.remoteAddress === undefined) {
      socket.destroy();
      return;
    }
    if (isTrustedProxy(proxies, socket.remoteAddress)) return;
    const address = clientKey(socket.remoteAddress);
    const count = (open.get(address) ?? 0) + 1;
    if (count > cap) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once("close", () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
  });
}

/** proxy-addr's names (TRUSTED_PROXIES, as Fastify reads them) as address ranges. */
const NAMED_RANGES: Record<string, [string, number, "ipv4" | "ipv6"][]> = {
  loopback: [
    ["127.0.0.0", 8, "ipv4"],
    ["::1", 128, "ipv6"],
  ],
  linklocal: [
    ["169.254.0.0", 16, "ipv4"],
    ["fe80::", 10, "ipv6"],
  ],
  uniquelocal: [
    ["10.0.0.0", 8, "ipv4"],
    ["172.16.0.0", 12, "ipv4"],
    ["192.168.0.0", 16, "ipv4"],
    ["fc00::", 7, "ipv6"],
  ],
};

/** The trusted proxies' addresses (entries already checked by config.ts: names, addresses, ranges). */
function trustedProxyList(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    for (const [network, prefix, type] of NAMED_RANGES[entry] ?? []) list.addSubnet(network, prefix, type);
    if (NAMED_RANGES[entry]) continue;
    const [address = "", prefix] = entry.split("/");
    const type = isIPv4(address) ? "ipv4" : "ipv6";
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return list;
}

function isTrustedProxy(proxies: BlockList, remoteAddress: string): boolean {
  // A server listening on "::" sees an IPv4 peer as ::ffff:a.b.c.d.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(remoteAddress);
  const address = mapped?.[1] ?? remoteAddress;
  return proxies.check(address, isIPv4(address) ? "ipv4" : "ipv6");
}
