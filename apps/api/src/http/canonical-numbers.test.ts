/**
 * Numbers in URLs (path params and queries) are read in their one canonical spelling: /api/projects/1.0,
 * /01, /1e0 and /%201 were project 1 (z.coerce.number()), each a URL that should not exist and one more response
 * cache entry for the same answer. Every other spelling is a 400 that says what is expected, as a bad id is.
 * Validation only: one database engine is enough.
 */
import { messages } from "@classcoin/shared/messages";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/app";
import { startTestChain, type TestChain } from "../testing/chain";

const wallet = `0x${"a".repeat(40)}`;
const ID_MESSAGE = "Invalid id: expected a positive whole number";
/** Spellings of 1 (or 2) that are not its canonical one; `%20` is a space, `%2B` a plus. */
const spellings = (n: number) => [`${n}.0`, `0${n}`, `${n}e0`, `%20${n}`, `${n}%20`, `%2B${n}`, `0x${n}`, `${n}.`];

/** A route with a number in it: the URL for a spelling of the number, and the error that names what is expected. */
const routes: { url: (n: string) => string; n: number; error: string }[] = [
  { url: (n) => `/api/projects/${n}`, n: 1, error: messages.project.number },
  { url: (n) => `/api/projects/${n}/${wallet}`, n: 1, error: messages.project.number },
  { url: (n) => `/api/projects/${n}/${wallet}/status`, n: 1, error: messages.project.number },
  { url: (n) => `/api/predictions/${n}`, n: 2, error: messages.prediction.projects },
  { url: (n) => `/api/posts/${n}/comments`, n: 1, error: ID_MESSAGE },
  { url: (n) => `/api/explorer/transaction/${n}`, n: 1, error: ID_MESSAGE },
  { url: (n) => `/api/archives/${n}`, n: 1, error: ID_MESSAGE },
  { url: (n) => `/api/archives/${n}/transactions`, n: 1, error: ID_MESSAGE },
  { url: (n) => `/api/projects/1?limit=${n}`, n: 2, error: messages.paging.limit(100) },
  { url: (n) => `/api/feed?limit=${n}`, n: 2, error: "limit must be a whole number from 1 to 50" },
  {
    url: (n) => `/api/explorer/transactions?page=${n}`,
    n: 1,
    error: "page must be a whole number from 1 to 1000000000",
  },
  { url: (n) => `/api/explorer/transactions?limit=${n}`, n: 2, error: "limit must be a whole number from 1 to 100" },
  { url: (n) => `/api/explorer/daily?days=${n}`, n: 2, error: "days must be a whole number from 1 to 366" },
  { url: (n) => `/api/explorer/holders?page=${n}`, n: 1, error: "page must be a whole number from 1 to 1000000000" },
];

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

describe("numbers in URLs", () => {
  it("behavior: only the canonical spelling is the number; any other is a 400 saying what is expected", async () => {
    for (const route of routes) {
      const canonical = await t.app.inject({ method: "GET", url: route.url(String(route.n)) });
      expect([200, 404], `${route.url(String(route.n))}: ${canonical.body}`).toContain(canonical.statusCode);
      for (const spelling of spellings(route.n)) {
        const url = route.url(spelling);
        const res = await t.app.inject({ method: "GET", url });
        expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
        expect(res.json().error, url).toContain(route.error);
      }
    }
  });
});
