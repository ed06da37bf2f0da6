import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/app";
import { startTestChain, type TestChain } from "../../testing/chain";
import { testDatabaseKinds } from "../../testing/database";

let chain: TestChain;
beforeAll(async () => {
  chain = await startTestChain({ ownChain: true }); // exact block numbers: a chain of its own
});
afterAll(async () => {
  await chain?.stop();
});

describe.each(testDatabaseKinds())("service endpoints on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(chain, kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("GET /api/health reads the chain id, the latest block and the database engine live", async () => {
    const before = await chain.publicClient.getBlockNumber();
    await chain.test.mine({ blocks: 3 });
    const res = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ok: true,
      chainId: 31337,
      tokenAddress: chain.tokenAddress.toLowerCase(),
      blockNumber: Number(before) + 3,
      database: kind,
    });
  });

  it("GET /api/config gives the browser the chain, token, admin wallet and the dev accounts", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/config" });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      productName: "ClassCoin",
      productSymbol: "CC",
      chainId: 31337,
      local: true,
      rpcUrl: chain.rpcUrl,
      tokenAddress: chain.tokenAddress.toLowerCase(),
      adminWallet: "0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266",
      // Test apps announce new Feed posts at once (testing/app.ts).
      feedAnnounceSeconds: 0,
      // WELCOME_CC's default: the create form tells a student without CC what the roster brings.
      welcomeCc: 10,
    });
    expect(body.devAccounts).toHaveLength(10);
  });

  it("an unknown /api route answers 404 with a JSON message", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/nope" });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toMatch(/No route GET \/api\/nope/);
  });

  it("health answers 503 with a message when the chain is unreachable", async () => {
    const broken = await createTestApp({ ...chain, rpcUrl: "http://127.0.0.1:9" }, kind);
    try {
      const res = await broken.app.inject({ method: "GET", url: "/api/health" });
      expect(res.statusCode).toBe(503);
      expect(res.json().error).toMatch(/unavailable/);
    } finally {
      await broken.close();
    }
  });
});
