/**
 * The sign-in limit is keyed by the client's IP. A client on the internet must not choose that IP with a
 * forged X-Forwarded-For; a reverse proxy on this machine or a private network may pass it on.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/app";
import { startTestChain, type TestChain } from "../testing/chain";

let chain: TestChain;
let t: TestApp;
beforeAll(async () => {
  chain = await startTestChain();
  t = await createTestApp(chain, "pglite", { RATE_LIMIT: "true" });
});
afterAll(async () => {
  await t?.close();
  await chain?.stop();
});

const nonce = (remoteAddress: string, forwardedFor?: string) =>
  t.app.inject({
    method: "GET",
    url: "/api/auth/nonce",
    remoteAddress,
    headers: forwardedFor ? { "x-forwarded-for": forwardedFor } : {},
  });

describe("client IP behind proxies", () => {
  it("a direct client cannot dodge the sign-in limit with a forged X-Forwarded-For", async () => {
    const codes: number[] = [];
    for (let i = 0; i < 61; i++) codes.push((await nonce("203.0.113.7", `198.51.100.${i}`)).statusCode);
    expect(codes.slice(0, 60).every((c) => c === 200)).toBe(true);
    expect(codes[60]).toBe(429);
  });

  it("a reverse proxy on a private network passes each client's own IP (and limit) on", async () => {
    for (let i = 0; i < 61; i++)
      expect((await nonce("10.0.0.2", "198.51.100.200")).statusCode).toBe(i < 60 ? 200 : 429);
    expect((await nonce("10.0.0.2", "198.51.100.201")).statusCode).toBe(200);
    expect((await nonce("127.0.0.1", "198.51.100.202")).statusCode).toBe(200);
  });
});
