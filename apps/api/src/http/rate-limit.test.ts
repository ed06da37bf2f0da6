import { generatePrivateKey } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/app";
import { startTestChain, type TestChain } from "../testing/chain";
import { multipartBody } from "../testing/multipart";
import { signIn } from "../testing/sign-in";
import { IP_CEILING_STUDENTS } from "./rate-limit";

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

describe("rate limits", () => {
  it("uploads are limited per signed-in wallet, not per IP: 429 with Retry-After and a JSON message", async () => {
    const alice = await signIn(t, 1);
    const bob = await signIn(t, 2);
    const body = await multipartBody({ wallet: "0x70997970c51812dc3a010c7d01b50e0d17dc79c8", name: "" });
    const update = (cookie: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/profiles/update",
        payload: body.payload,
        headers: { ...body.headers, cookie },
      });
    for (let i = 0; i < 10; i++) expect((await update(alice)).statusCode).not.toBe(429);
    const limited = await update(alice);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(limited.json().error).toMatch(/^Too many requests\. Please wait \d+ seconds and try again\.$/);
    // Same IP, another wallet: its own budget.
    expect((await update(bob)).statusCode).not.toBe(429);
  });

  it("one IP's many wallets share a ceiling of 20 students' worth of a limit; another IP is not held back", async () => {
    // Any wallet signs in, so a client that collects sessions chooses its keys: each used to add a full limit.
    const cookies: string[] = [];
    for (let i = 0; i <= IP_CEILING_STUDENTS + 1; i++) cookies.push(await signIn(t, generatePrivateKey()));
    // POST /api/posts: one a wallet per 5 s, so the IP's ceiling is 20 per 5 s (refused as no profile, counted).
    const post = (cookie: string, remoteAddress = "127.0.0.1") =>
      t.app.inject({
        method: "POST",
        url: "/api/posts",
        remoteAddress,
        headers: { cookie },
        payload: { authorWallet: "0x70997970c51812dc3a010c7d01b50e0d17dc79c8", content: "hello" },
      });
    const codes: number[] = [];
    for (const cookie of cookies.slice(0, IP_CEILING_STUDENTS + 1)) codes.push((await post(cookie)).statusCode);
    expect(codes.slice(0, IP_CEILING_STUDENTS).filter((c) => c === 429)).toEqual([]);
    expect(codes[IP_CEILING_STUDENTS]).toBe(429);
    expect((await post(cookies[0]!)).json().error).toMatch(/^Too many requests\. Please wait \d+ seconds/);
    // The same kind of session from another address has its own ceiling.
    expect((await post(cookies[IP_CEILING_STUDENTS + 1]!, "10.7.7.7")).statusCode).not.toBe(429);
  });

  it("sign-in requests are limited per IP", async () => {
    const nonce = (ip: string) => t.app.inject({ method: "GET", url: "/api/auth/nonce", remoteAddress: ip });
    const codes: number[] = [];
    for (let i = 0; i < 61; i++) codes.push((await nonce("10.9.9.9")).statusCode);
    expect(codes.slice(0, 60).every((c) => c === 200)).toBe(true);
    expect(codes[60]).toBe(429);
    expect((await nonce("10.9.9.10")).statusCode).toBe(200);
  });

  it("reads are not limited", async () => {
    for (let i = 0; i < 80; i++)
      expect((await t.app.inject({ method: "GET", url: "/api/profiles" })).statusCode).toBe(200);
  });
});
