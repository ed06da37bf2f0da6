/**
 * The sign-in limit is keyed by the client's IP. No client may choose that IP with a forged X-Forwarded-For:
 * not one on the internet, and not a classmate on the school's private network, reaching the server directly
 * or through the reverse proxy. Only the proxies named in TRUSTED_PROXIES (default: this machine) pass it on.
 */
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { warnOnUntrustedForwarding } from "../http/trusted-proxies";
import { createTestApp, type TestApp } from "../testing/app";
import { startTestChain, type TestChain } from "../testing/chain";

let chain: TestChain;
let byDefault: TestApp;
let proxyElsewhere: TestApp;
beforeAll(async () => {
  chain = await startTestChain();
  byDefault = await createTestApp(chain, "pglite", { RATE_LIMIT: "true" });
  proxyElsewhere = await createTestApp(chain, "pglite", { RATE_LIMIT: "true", TRUSTED_PROXIES: "10.0.0.2" });
});
afterAll(async () => {
  await byDefault?.close();
  await proxyElsewhere?.close();
  await chain?.stop();
});

const nonce = (t: TestApp, remoteAddress: string, forwardedFor?: string) =>
  t.app.inject({
    method: "GET",
    url: "/api/auth/nonce",
    remoteAddress,
    headers: forwardedFor ? { "x-forwarded-for": forwardedFor } : {},
  });

/** Status codes of 61 nonce requests, each with a new forged IP; the 61st must be refused. */
async function forging(t: TestApp, remoteAddress: string, forwardedFor: (forged: string) => string) {
  const codes: number[] = [];
  for (let i = 0; i < 61; i++) codes.push((await nonce(t, remoteAddress, forwardedFor(`198.51.100.${i}`))).statusCode);
  return codes;
}

describe("client IP behind proxies", () => {
  it("a direct client on the internet cannot dodge the sign-in limit with a forged X-Forwarded-For", async () => {
    const codes = await forging(byDefault, "203.0.113.7", (forged) => forged);
    expect(codes.slice(0, 60).every((c) => c === 200)).toBe(true);
    expect(codes[60]).toBe(429);
  });

  it("nor can a classmate on the school's private network, directly or through the proxy on this machine", async () => {
    const direct = await forging(byDefault, "10.0.0.5", (forged) => forged);
    expect(direct.slice(0, 60).every((c) => c === 200)).toBe(true);
    expect(direct[60]).toBe(429);
    // nginx's $proxy_add_x_forwarded_for keeps what the client sent and appends the address it saw.
    const proxied = await forging(byDefault, "127.0.0.1", (forged) => `${forged}, 10.0.0.6`);
    expect(proxied.slice(0, 60).every((c) => c === 200)).toBe(true);
    expect(proxied[60]).toBe(429);
  });

  it("the reverse proxy on this machine passes each client's own IP (and limit) on", async () => {
    for (let i = 0; i < 61; i++)
      expect((await nonce(byDefault, "127.0.0.1", "198.51.100.200")).statusCode).toBe(i < 60 ? 200 : 429);
    expect((await nonce(byDefault, "127.0.0.1", "198.51.100.201")).statusCode).toBe(200);
    expect((await nonce(byDefault, "::1", "198.51.100.202")).statusCode).toBe(200);
  });

  it("a proxy on another machine passes them on once TRUSTED_PROXIES names it, and only that one", async () => {
    for (let i = 0; i < 61; i++)
      expect((await nonce(proxyElsewhere, "10.0.0.2", "198.51.100.210")).statusCode).toBe(i < 60 ? 200 : 429);
    expect((await nonce(proxyElsewhere, "10.0.0.2", "198.51.100.211")).statusCode).toBe(200);
    const neighbour = await forging(proxyElsewhere, "10.0.0.3", (forged) => forged);
    expect(neighbour[60]).toBe(429);
  });
});

describe("TRUSTED_PROXIES", () => {
  const base = { CHAIN: "local" };

  it("takes addresses, ranges and proxy-addr's names; defaults to this machine", () => {
    expect(loadConfig(base).trustedProxies).toEqual(["loopback"]);
    expect(
      loadConfig({ ...base, TRUSTED_PROXIES: " 10.0.0.2, 172.16.0.0/12 ,fd00::/8,loopback" }).trustedProxies,
    ).toEqual(["10.0.0.2", "172.16.0.0/12", "fd00::/8", "loopback"]);
  });

  it("refuses a value that is not an address, saying which entry and what is expected", () => {
    for (const bad of ["10.0.0", "10.0.0.0/33", "proxy.example.edu", "all", "10.0.0.1/8/1", " , "]) {
      expect(() => loadConfig({ ...base, TRUSTED_PROXIES: bad }), bad).toThrow(/TRUSTED_PROXIES: /);
    }
    expect(() => loadConfig({ ...base, TRUSTED_PROXIES: "127.0.0.1, nginx" })).toThrow(
      '"nginx" is not an IP address, a range such as 10.0.0.2/32 or one of loopback, linklocal, uniquelocal',
    );
  });

  it("a forwarded header from an address not trusted is logged once, naming the address and the setting", async () => {
    const lines: string[] = [];
    const app = Fastify({
      logger: { level: "warn", stream: { write: (l: string) => lines.push(l) } },
      trustProxy: ["loopback"],
    });
    warnOnUntrustedForwarding(app);
    app.get("/", async () => "ok");
    await app.inject({ url: "/", remoteAddress: "127.0.0.1", headers: { "x-forwarded-for": "198.51.100.1" } });
    await app.inject({ url: "/", remoteAddress: "10.0.0.9" });
    expect(lines).toEqual([]);
    await app.inject({ url: "/", remoteAddress: "10.0.0.2", headers: { "x-forwarded-for": "198.51.100.1" } });
    await app.inject({ url: "/", remoteAddress: "10.0.0.3", headers: { "x-forwarded-for": "198.51.100.1" } });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain("X-Forwarded-For came from 10.0.0.2, which is not in TRUSTED_PROXIES");
    await app.close();
  });
});
