/** Security headers on every kind of response: the web app, the API's JSON, images, errors and the docs. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultWebDist } from "../server";
import { adminCalls } from "../testing/admin";
import { createTestApp, type TestApp } from "../testing/app";
import { startTestChain, type TestChain } from "../testing/chain";

let chain: TestChain;
let t: TestApp;
beforeAll(async () => {
  chain = await startTestChain();
  t = await createTestApp(chain, "pglite", {
    WEB_DIST: defaultWebDist,
    PUBLIC_RPC_URL: "https://rpc.example.org/v1/key",
    // The response cache on, as in production: its public reads carry their own caching policy.
    RESPONSE_CACHE_MB: "64",
  });
});
afterAll(async () => {
  await t?.close();
  await chain?.stop();
});

describe("security headers", () => {
  it.each([
    ["the web app", "GET", "/"],
    ["a client-side route", "GET", "/forum"],
    ["an API read", "GET", "/api/posts"],
    ["an API error", "POST", "/api/posts"],
    ["an unknown API path", "GET", "/api/nothing"],
    ["a missing image", "GET", "/api/profiles/photo/nothing.webp"],
  ])("%s carries a strict CSP, nosniff, DENY framing and a referrer policy", async (_name, method, url) => {
    const res = await t.app.inject({ method: method as "GET" | "POST", url });
    const csp = String(res.headers["content-security-policy"]);
    expect(csp.split("; ")).toEqual([
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "font-src 'self' data:",
      "connect-src 'self' https://rpc.example.org",
      "object-src 'none'",
      "frame-ancestors 'none'",
      "base-uri 'self'",
      "form-action 'self'",
    ]);
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["x-frame-options"]).toBe("DENY");
    expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  });

  it("admin reads, session reads and errors say no-store; public reads keep their revalidation", async () => {
    const admin = adminCalls(t.app);
    for (const path of ["dashboard", "feed", "deploy-runs"]) {
      const res = await admin.get(path);
      expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
      expect(res.headers["cache-control"], path).toBe("no-store");
    }
    for (const [method, url] of [
      ["GET", "/api/auth/me"],
      ["POST", "/api/posts"],
      ["GET", "/api/nothing"],
    ] as const) {
      expect((await t.app.inject({ method, url })).headers["cache-control"], `${method} ${url}`).toBe("no-store");
    }
    const read = await t.app.inject({ method: "GET", url: "/api/posts" });
    expect(read.headers["cache-control"]).toBe("no-cache");
    expect(read.headers.etag).toBeTruthy();
    const feed = await t.app.inject({ method: "GET", url: "/api/feed" });
    expect(feed.headers["cache-control"]).toBe("private, no-store");
  });

  it("the built app needs no inline script", async () => {
    const html = (await t.app.inject({ method: "GET", url: "/" })).body;
    expect(html).toContain('<div id="root">');
    expect(html.match(/<script(?![^>]*\bsrc=)[^>]*>/g) ?? []).toEqual([]);
  });

  it("only the API docs (Swagger UI) may run inline script, and cannot be framed either", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/docs/static/index.html" });
    const csp = String(res.headers["content-security-policy"]);
    expect(csp).toContain("script-src 'self' 'unsafe-inline'");
    expect(csp).toContain("frame-ancestors 'none'");
  });
});
