/**
 * JSON bodies nested deeper than MAX_JSON_DEPTH are refused before they are parsed: a 1 MB body of 500,000 `[`
 * held the event loop for a second per request, before any session or rate limit, on any POST route.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/app";
import { startTestChain, type TestChain } from "../testing/chain";
import { jsonBodyErrors, jsonNestsDeeperThan, MAX_JSON_DEPTH } from "./json-body";

describe("the nesting of JSON bodies", () => {
  it("behavior: counts arrays and objects inside one another, not brackets inside strings", () => {
    expect(jsonNestsDeeperThan("[".repeat(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).toBe(false);
    expect(jsonNestsDeeperThan("[".repeat(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH)).toBe(true);
    expect(jsonNestsDeeperThan(`{"a":[{"b":[1]}],"c":{}}`, 4)).toBe(false);
    expect(jsonNestsDeeperThan(`{"a":[{"b":[1]}]}`, 3)).toBe(true);
    // Brackets in strings, escaped quotes included, are text.
    expect(jsonNestsDeeperThan(JSON.stringify({ content: '[[[[[[{{{{ \\" [[[[' }), 1)).toBe(false);
    // Side by side is not inside.
    expect(jsonNestsDeeperThan("[[1],[2],[3],[4]]", 2)).toBe(false);
  });

  describe("on a route", () => {
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

    it("behavior: a deeply nested body is a 400 saying so, before sign-in is asked; ordinary bodies parse", async () => {
      const deep = await t.app.inject({
        method: "POST",
        url: "/api/auth/logout",
        headers: { "content-type": "application/json" },
        payload: "[".repeat(500_000),
      });
      // Before: JSON.parse walked the whole megabyte (about a second) before any check.
      expect([deep.statusCode, deep.json()]).toEqual([400, { error: jsonBodyErrors.tooDeep }]);
      const vote = await t.app.inject({
        method: "POST",
        url: "/api/posts/vote",
        payload: { postId: "1", type: "up", voterWallet: chain.wallet(1).account.address },
      });
      expect(vote.statusCode).toBe(401);
      // Prototype poisoning is still refused by Fastify's parser.
      const poisoned = await t.app.inject({
        method: "POST",
        url: "/api/posts/vote",
        headers: { "content-type": "application/json" },
        payload: '{"__proto__":{"x":1}}',
      });
      expect(poisoned.statusCode).toBe(400);
    });
  });
});
