import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/app";
import { startTestChain, type TestChain } from "../testing/chain";
import { COMPRESS_THRESHOLD } from "./compression";

const ASSET = "/assets/index-Cz3kQ1aB.js";
const asset = Buffer.from(
  `export const words = ${JSON.stringify(Array.from({ length: 2000 }, (_, i) => `word${i}`))};\n`,
);
const indexHtml = Buffer.from(
  `<!doctype html><html><head><script type="module" src="${ASSET}"></script></head><body>${"<div></div>".repeat(200)}</body></html>`,
);

const walletHtml = Buffer.from(
  `<!doctype html><html><head><script type="module" src="${ASSET}"></script></head><body>${"<p></p>".repeat(200)}</body></html>`,
);

let chain: TestChain;
let t: TestApp;
let webDist: string;

beforeAll(async () => {
  // A build as `vite build` leaves it (apps/web/precompress.ts): each file with its .br and .gz twins. The
  // twins hold marker bytes first, so the test can tell a twin sent as it is from a compression on the fly.
  webDist = mkdtempSync(join(tmpdir(), "classcoin-web-"));
  mkdirSync(join(webDist, "assets"));
  for (const [path, bytes] of [
    [ASSET, asset],
    ["/index.html", indexHtml],
    ["/wallet.html", walletHtml],
  ] as const) {
    writeFileSync(join(webDist, path), bytes);
    writeFileSync(join(webDist, `${path}.br`), brotliCompressSync(bytes));
    writeFileSync(join(webDist, `${path}.gz`), gzipSync(bytes, { level: 9 }));
  }
  chain = await startTestChain();
  t = await createTestApp(chain, "pglite", { WEB_DIST: webDist });
});

afterAll(async () => {
  await t?.close();
  await chain?.stop();
  rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) =>
  t.app.inject({ method: "GET", url, headers: encoding ? { "accept-encoding": encoding } : {} });

describe("compressed delivery", () => {
  it("sends a hashed asset's brotli twin to a browser that takes br, cached for a year, varying on Accept-Encoding", async () => {
    const res = await get(ASSET, "gzip, deflate, br, zstd");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["content-type"]).toMatch(/javascript/);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(String(res.headers.vary).toLowerCase()).toContain("accept-encoding");
    // The twin as written at build time, byte for byte (not compressed again on the way out).
    expect(res.rawPayload.equals(brotliCompressSync(asset))).toBe(true);
    expect(brotliDecompressSync(res.rawPayload).equals(asset)).toBe(true);
  });

  it("sends the gzip twin to a client that takes only gzip, and the file itself to one that takes neither", async () => {
    const gz = await get(ASSET, "gzip");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).equals(asset)).toBe(true);
    expect(String(gz.headers.vary).toLowerCase()).toContain("accept-encoding");

    const plain = await get(ASSET);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.rawPayload.equals(asset)).toBe(true);
    expect(plain.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(String(plain.headers.vary).toLowerCase()).toContain("accept-encoding");
  });

  it("sends the app's index.html (client routes too) compressed but never cached", async () => {
    for (const url of ["/", "/explorer"]) {
      const res = await get(url, "br, gzip");
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["cache-control"], url).toBe("no-cache");
      expect(res.headers["content-encoding"], url).toBe("br");
      expect(brotliDecompressSync(res.rawPayload).equals(indexHtml), url).toBe(true);
    }
  });

  it("answers HEAD on a client route as it answers GET, without the body (uptime checks and link checkers ask so)", async () => {
    for (const url of ["/explorer", "/wallet", "/profiles/0x0000000000000000000000000000000000000001"]) {
      const got = await get(url, "br");
      const head = await t.app.inject({ method: "HEAD", url, headers: { "accept-encoding": "br" } });
      expect(head.statusCode, url).toBe(200);
      expect(head.rawPayload.length, url).toBe(0);
      for (const name of ["content-type", "content-encoding", "cache-control", "vary"]) {
        expect(head.headers[name], `${url} ${name}`).toBe(got.headers[name]);
      }
    }
    // The API's unknown paths stay a 404 for HEAD too.
    expect((await t.app.inject({ method: "HEAD", url: "/api/nothing" })).statusCode).toBe(404);
  });

  it("answers a build file that is not there with 404, not the app's HTML (a tab opened before an upgrade asks for the old build's)", async () => {
    for (const url of ["/assets/projects-page-0ld0ld.js", "/assets/styles-0ld0ld.css"]) {
      const res = await get(url, "br");
      // Before: 200 with index.html, which the browser refused as a script, and the page never loaded.
      expect([url, res.statusCode, res.headers["content-type"]]).toEqual([url, 404, "application/json; charset=utf-8"]);
    }
  });

  it("serves a build written while it runs (an upgrade built in place, before the restart): its new files, not a 404", async () => {
    // Before: the static files were routed one by one at start, so the new index.html (read from disk at each
    // request) named scripts the server answered 404 until it was restarted: a blank page for everyone.
    const next = "/assets/index-Nw8uild2.js";
    const bytes = Buffer.from("export const next = true;\n");
    writeFileSync(join(webDist, next), bytes);
    try {
      const res = await get(next);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.rawPayload.equals(bytes)).toBe(true);
      expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    } finally {
      rmSync(join(webDist, next));
    }
    // Gone with the next build: a 404 again, not the app's HTML.
    expect((await get(next)).statusCode).toBe(404);
    // Looked up per request, still only inside the build: an API path that is no route, and a path out of it.
    // The folder itself is no file: refused (403, no listing) or not found, never the app's HTML.
    expect([403, 404]).toContain((await get("/assets/")).statusCode);
    const api = await get("/api/nope");
    expect(api.statusCode).toBe(404);
    expect(api.json().error).toBe("No route GET /api/nope. See /api/docs for the API.");
    const outside = `classcoin-outside-${Date.now()}.txt`;
    writeFileSync(join(webDist, "..", outside), "not part of the build");
    try {
      for (const url of [
        `/../${outside}`,
        `/assets/%2e%2e/%2e%2e/${outside}`,
        `/..%2f${outside}`,
        `/%2e%2e/${outside}`,
      ]) {
        expect((await get(url)).body, url).not.toContain("not part of the build");
      }
    } finally {
      rmSync(join(webDist, "..", outside));
    }
  });

  it("sends the wallet page its own HTML (its loading screen, not the platform's header), compressed, never cached", async () => {
    for (const url of ["/wallet", "/wallet/", "/wallet?from=home"]) {
      const res = await get(url, "br, gzip");
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["cache-control"], url).toBe("no-cache");
      expect(brotliDecompressSync(res.rawPayload).equals(walletHtml), url).toBe(true);
    }
    // Only the wallet page itself: routes that merely start alike load the platform.
    for (const url of ["/wallets", "/wallet/send"]) {
      expect(brotliDecompressSync((await get(url, "br")).rawPayload).equals(indexHtml), url).toBe(true);
    }
  });

  it("compresses API JSON above the threshold with brotli or gzip, and leaves small answers as they are", async () => {
    const plain = await get("/api/docs/json");
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD);

    const br = await get("/api/docs/json", "gzip, deflate, br");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(String(br.headers.vary).toLowerCase()).toContain("accept-encoding");
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gz = await get("/api/docs/json", "gzip");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());

    const small = await get("/api/explorer/stats", "br, gzip");
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD);
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(String(small.headers.vary).toLowerCase()).toContain("accept-encoding");
  });
});
