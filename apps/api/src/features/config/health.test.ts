import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/app";
import { startTestChain, type TestChain } from "../../testing/chain";
import { testDatabaseKinds } from "../../testing/database";

let chain: TestChain;
beforeAll(async () => {
  chain = await startTestChain();
});
afterAll(async () => {
  await chain?.stop();
});

describe.each(testDatabaseKinds())("health, request ids and HSTS on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(chain, kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("GET /api/health/live answers 200 without touching a dependency", async () => {
    const broken = await createTestApp({ ...chain, rpcUrl: "http://127.0.0.1:9" }, kind);
    try {
      const res = await broken.app.inject({ method: "GET", url: "/api/health/live" });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ ok: true });
    } finally {
      await broken.close();
    }
  });

  it("GET /api/health/ready is 200 'ok' when the database and the RPC answer", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/health/ready" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      ready: true,
      status: "ok",
      database: { ok: true },
      rpc: { ok: true },
      indexer: "off",
    });
  });

  it("behavior: with the RPC down, ready stays 200 but says degraded, and names no URL", async () => {
    const broken = await createTestApp({ ...chain, rpcUrl: "http://127.0.0.1:9" }, kind);
    try {
      const res = await broken.app.inject({ method: "GET", url: "/api/health/ready" });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ ready: true, status: "degraded", database: { ok: true }, rpc: { ok: false } });
      expect(body.rpc.error).toBeTruthy();
      expect(res.body).not.toContain("127.0.0.1:9");
      // The old endpoint keeps its fields and answers 503 with a message.
      const health = await broken.app.inject({ method: "GET", url: "/api/health" });
      expect(health.statusCode).toBe(503);
      expect(health.json().error).toMatch(/unavailable/);
    } finally {
      await broken.close();
    }
  });

  it("behavior: with the database gone, ready is 503 with a message (and live is still 200)", async () => {
    const cut = await createTestApp(chain, kind);
    const closeDatabase = cut.database.close;
    await closeDatabase();
    try {
      const res = await cut.app.inject({ method: "GET", url: "/api/health/ready" });
      expect(res.statusCode).toBe(503);
      expect(res.json().error).toMatch(/^Not ready: the database does not answer/);
      expect((await cut.app.inject({ method: "GET", url: "/api/health/live" })).statusCode).toBe(200);
    } finally {
      await cut.app.close();
    }
  });

  it("behavior: every answer carries a random X-Request-Id, unique per request; a client's own id is not trusted", async () => {
    const ids = new Set<string>();
    for (const url of ["/api/health/live", "/api/health/live", "/api/nope", "/api/config"]) {
      const res = await t.app.inject({ method: "GET", url, headers: { "x-request-id": "req-1" } });
      const id = String(res.headers["x-request-id"]);
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      ids.add(id);
    }
    expect(ids.size).toBe(4);
  });

  it("behavior: Strict-Transport-Security only when PUBLIC_URL is https", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/health/live" })).headers["strict-transport-security"]).toBe(
      undefined,
    );
    const https = await createTestApp(chain, kind, { PUBLIC_URL: "https://classcoin.school.example" });
    try {
      const res = await https.app.inject({ method: "GET", url: "/api/health/live" });
      expect(res.headers["strict-transport-security"]).toBe("max-age=31536000");
    } finally {
      await https.close();
    }
  });
});
