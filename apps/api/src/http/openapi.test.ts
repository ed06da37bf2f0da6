import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/app";
import { startTestChain, type TestChain } from "../testing/chain";

describe("the OpenAPI document", () => {
  let chain: TestChain;
  let t: TestApp;
  beforeAll(async () => {
    chain = await startTestChain();
    t = await createTestApp(chain, "pglite");
  });
  afterAll(async () => {
    await t?.close();
    await chain?.stop();
  });

  it("GET /api/docs serves the interactive documentation page", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/docs" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/text\/html/);
    expect(res.body).toMatch(/swagger/i);
  });

  it("GET /api/docs/json lists the API's routes with schemas generated from the zod schemas", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.title).toBe("ClassCoin API");
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        "/api/posts",
        "/api/posts/vote",
        "/api/profiles",
        "/api/projects",
        "/api/projects/{projectNumber}",
        "/api/projects/{projectNumber}/{wallet}",
        "/api/admin/public/bounties",
        "/api/health",
      ]),
    );
    const createPost = doc.paths["/api/posts"].post;
    expect(createPost.requestBody.content["application/json"].schema.properties).toHaveProperty("authorWallet");
    expect(createPost.requestBody.content["application/json"].schema.properties).toHaveProperty("content");
    const listPosts = doc.paths["/api/posts"].get;
    expect(listPosts.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(["limit", "before"]),
    );
  });
});
