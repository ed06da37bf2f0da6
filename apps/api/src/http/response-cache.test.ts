/**
 * The response cache (issue 19): keys, encodings, ETag/304 and the generation rule as units; then the real
 * routes with the cache on, on both engines: bytes and headers of hits, read-your-writes on the instance
 * that wrote (a published event, a trigger-only write, comments), the indexer's rows through the trigger's
 * NOTIFY, and on PostgreSQL a write on instance A seen on instance B within 200 ms. Answers that depend on
 * the session are never cached (checked on every descriptor and at registration).
 */
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { allEndpoints } from "@classcoin/shared/endpoints/all";
import { feedEndpoints } from "@classcoin/shared/endpoints/feed";
import { predictionEndpoints } from "@classcoin/shared/endpoints/predictions";
import type { Leaderboard } from "@classcoin/shared/leaderboard";
import { liveEventSchema } from "@classcoin/shared/live-events";
import { sql } from "drizzle-orm";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { createChainClient } from "../chain/clients";
import { type Database, openPostgres } from "../db/client";
import { bounties, posts, profiles, transactions } from "../db/schema";
import type { App } from "../deps";
import { adminCalls } from "../testing/admin";
import { createTestApp, type TestApp } from "../testing/app";
import { startTestChain, type TestChain } from "../testing/chain";
import { createThrowawayPostgres, testDatabaseKinds } from "../testing/database";
import { signIn } from "../testing/sign-in";
import { registerEndpoint } from "./endpoint";
import {
  ALL_CACHE_TAGS,
  cacheKey,
  chooseEncoding,
  EVENT_TAGS,
  makeAnswer,
  matchesIfNoneMatch,
  ResponseCache,
  tagsForEvent,
} from "./response-cache";

describe("response cache units", () => {
  it("behavior: the key sorts the query, keeps the path, and refuses absurdly long URLs", () => {
    // The query as Fastify parsed it (repeated names as arrays); distinct URLs, since the key is remembered by URL.
    expect(cacheKey("/api/posts?limit=5&before=9", { limit: "5", before: "9" })).toBe(
      cacheKey("/api/posts?before=9&limit=5", { before: "9", limit: "5" }),
    );
    expect(cacheKey("/api/posts?", {})).toBe("/api/posts");
    expect(cacheKey("/api/posts", {})).toBe("/api/posts");
    expect(cacheKey("/api/explorer/transactions?page=2", { page: "2" })).not.toBe(
      cacheKey("/api/explorer/transactions?page=3", { page: "3" }),
    );
    expect(cacheKey("/api/explorer/transactions?page=2&page=3", { page: ["2", "3"] })).not.toBe(
      cacheKey("/api/explorer/transactions?page=2%2C3", { page: "2,3" }),
    );
    expect(cacheKey(`/api/posts?x=${"a".repeat(5000)}`, { x: "a".repeat(5000) })).toBeUndefined();
    // Parameters the endpoint does not declare cannot split (or flood) the cache.
    const declared = new Set(["limit", "before"]);
    expect(cacheKey("/api/posts?limit=5&junk=1", { limit: "5", junk: "1" }, declared)).toBe(
      cacheKey("/api/posts?limit=5", { limit: "5" }, declared),
    );
    expect(cacheKey("/api/posts?zz=9", { zz: "9" }, declared)).toBe("/api/posts");
    // The path ends where the router ends it.
    expect(cacheKey("/api/posts#limit=5", { limit: "5" }, declared)).toBe(
      cacheKey("/api/posts?limit=5", { limit: "5" }, declared),
    );
  });

  it("behavior: Accept-Encoding picks brotli, gzip or identity by q-value", () => {
    expect(chooseEncoding(undefined)).toBe("identity");
    expect(chooseEncoding("gzip, deflate, br")).toBe("br");
    expect(chooseEncoding("gzip")).toBe("gzip");
    expect(chooseEncoding("br;q=0.5, gzip;q=0.9")).toBe("gzip");
    expect(chooseEncoding("br;q=0, gzip;q=0")).toBe("identity");
    expect(chooseEncoding("*")).toBe("br");
    expect(chooseEncoding("identity")).toBe("identity");
    expect(chooseEncoding("br;q=nonsense, gzip")).toBe("gzip");
  });

  it("behavior: If-None-Match matches the answer's tags (any variant, weak or strong, or *), nothing else", async () => {
    const entry = await makeAnswer("/k", ["posts"], "application/json", Buffer.from("[]"));
    const base = entry.etag.slice(1, -1);
    expect(matchesIfNoneMatch(entry.etag, entry)).toBe(true);
    expect(matchesIfNoneMatch(`W/${entry.etag}`, entry)).toBe(true);
    expect(matchesIfNoneMatch(`"other", "${base}-br"`, entry)).toBe(true);
    expect(matchesIfNoneMatch("*", entry)).toBe(true);
    for (const bad of ["", "garbage", '"', `${base}`, '"x", W/', "\u0000", ",,,,", `"${"a".repeat(10_000)}"`]) {
      expect(matchesIfNoneMatch(bad, entry)).toBe(false);
    }
  });

  it("behavior: an answer computed across an invalidation of its tag is not stored; others are", async () => {
    const cache = new ResponseCache({ maxBytes: 1_000_000 });
    const generation = cache.generation(["posts"]);
    const entry = await makeAnswer("/api/posts", ["posts"], "application/json", Buffer.from("[1]"));
    cache.invalidate(["posts"]);
    expect(cache.set(entry, generation)).toBe(false);
    expect(cache.get("/api/posts")).toBeUndefined();
    // A change of another tag does not matter.
    const fresh = cache.generation(["posts"]);
    cache.invalidate(["bounties"]);
    expect(cache.set(entry, fresh)).toBe(true);
    expect(cache.get("/api/posts")).toBe(entry);
    // Everything (an unknown event) invalidates every tag.
    const before = cache.generation(["config"]);
    cache.invalidate(null);
    expect(cache.generation(["config"])).not.toBe(before);
    expect(cache.size).toBe(0);
  });

  it("behavior: memory stays under its bound (least recently used out), and entries expire", async () => {
    let now = 0;
    const cache = new ResponseCache({ maxBytes: 4_000, maxEntryBytes: 4_000, maxAgeMs: 5_000, now: () => now });
    const put = async (key: string) =>
      cache.set(await makeAnswer(key, ["profiles"], "application/json", Buffer.alloc(900, 32), now), 0);
    await put("/a");
    await put("/b");
    await put("/c");
    cache.get("/a");
    await put("/d");
    expect(cache.bytes).toBeLessThanOrEqual(4_000);
    expect(cache.get("/b")).toBeUndefined();
    expect(cache.get("/a")).toBeDefined();
    now = 5_001;
    expect(cache.get("/a")).toBeUndefined();
    expect(cache.bytes).toBeLessThanOrEqual(4_000);
    // Bigger than one entry may be: not kept.
    expect(cache.set(await makeAnswer("/big", ["profiles"], "x", Buffer.alloc(5_000), now), 0)).toBe(false);
  });

  it("behavior: an event type the map does not know clears everything; every mapped tag is a real tag", () => {
    expect(tagsForEvent("semester.reset")).toBeNull();
    expect(tagsForEvent("something.new")).toBeNull();
    expect(tagsForEvent("toString")).toBeNull();
    expect(tagsForEvent(null)).toBeNull();
    expect(tagsForEvent("post.created")).toContain("posts");
    for (const tags of Object.values(EVENT_TAGS)) for (const tag of tags) expect(ALL_CACHE_TAGS).toContain(tag);
  });

  it("behavior: every event type but a new semester is in the map (one left out would empty the cache each time)", () => {
    const types = liveEventSchema.options.map((option) => option.shape.type.value);
    expect(types).toContain("notifications.read");
    for (const type of types.filter((t) => t !== "semester.reset" && t !== "sync")) {
      expect(tagsForEvent(type), type).not.toBeNull();
    }
    // The leaderboard's answer names students and their submissions.
    for (const type of ["profile.changed", "project.changed", "moderation"]) {
      expect(tagsForEvent(type), type).toContain("leaderboard");
    }
  });

  it("security: only public-read GETs can be cached, and the answers that depend on the session are not", async () => {
    for (const endpoint of allEndpoints) {
      if (endpoint.cache) expect([endpoint.method, endpoint.access], endpoint.path).toEqual(["GET", "public-read"]);
    }
    // They read the session (`mine`, the caller's own prediction).
    expect(feedEndpoints.list).not.toHaveProperty("cache");
    expect(predictionEndpoints.round).not.toHaveProperty("cache");
    const app = Fastify();
    app.decorate("responseCache", new ResponseCache({ maxBytes: 1_000_000 }));
    expect(() =>
      registerEndpoint(app, { ...feedEndpoints.list, access: "session-read", cache: ["posts"] } as never, {
        handler: async () => ({}) as never,
      }),
    ).toThrow(/cannot be in the response cache/);
    await app.close();
  });
});

let chain: TestChain;
beforeAll(async () => {
  chain = await startTestChain();
  for (const index of [1, 2]) await chain.fund(chain.wallet(index).account.address, 10);
});
afterAll(async () => {
  await chain?.stop();
});

const address = (index: number) => chain.wallet(index).account.address.toLowerCase() as `0x${string}`;
const CACHE_ON = { RESPONSE_CACHE_MB: "16" };

async function waitUntil(check: () => Promise<boolean>, timeoutMs: number): Promise<number> {
  const started = performance.now();
  for (;;) {
    if (await check()) return performance.now() - started;
    if (performance.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** Two instances (two apps, each with its own pool and LISTEN) on one throwaway PostgreSQL database. */
async function onTwoInstances(config: TestApp["config"], run: (a: App, b: App, dbs: Database[]) => Promise<void>) {
  const throwaway = await createThrowawayPostgres();
  const dbs: Database[] = [];
  const apps: App[] = [];
  try {
    for (let i = 0; i < 2; i++) {
      const database = await openPostgres(throwaway.url);
      dbs.push(database);
      const app = await buildApp({ config, database, chain: createChainClient(config) });
      await app.ready();
      apps.push(app);
    }
    await run(apps[0]!, apps[1]!, dbs);
  } finally {
    for (const app of apps) await app.close();
    for (const database of dbs) await database.close();
    await throwaway.drop();
  }
}

describe.each(testDatabaseKinds())("response cache on %s", (kind) => {
  let t: TestApp;
  let cookies: { ada: string; ben: string };
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: "GET", url, headers });
  const cache = () => t.app.responseCache!;

  beforeAll(async () => {
    t = await createTestApp(chain, kind, CACHE_ON);
    await t.database.db.insert(profiles).values([
      { wallet: address(1), name: "Ada Lovelace", birthday: "2010-01-01", starSign: "Leo" },
      { wallet: address(2), name: "Ben Okafor", birthday: "2010-01-01", starSign: "Leo" },
    ]);
    // Enough posts for an answer over the compression threshold.
    await t.database.db.insert(posts).values(
      Array.from({ length: 30 }, (_, i) => ({
        authorWallet: address(1),
        content: `Post number ${i} ${"x".repeat(40)}`,
      })),
    );
    cookies = { ada: await signIn(t, 1), ben: await signIn(t, 2) };
  });
  afterAll(async () => {
    await t?.close();
  });

  it("behavior: a warm hit is the same answer, with a strong ETag, no-cache and Vary; If-None-Match answers 304", async () => {
    const first = await get("/api/posts");
    expect(first.statusCode).toBe(200);
    expect(first.headers["cache-control"]).toBe("no-cache");
    expect(String(first.headers.vary)).toMatch(/accept-encoding/i);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const hits = cache().stats.hits;
    const second = await get("/api/posts");
    expect(cache().stats.hits).toBe(hits + 1);
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(etag);
    expect(second.headers["content-type"]).toBe(first.headers["content-type"]);
    // Security headers still go out on a hit.
    expect(second.headers["x-content-type-options"]).toBe("nosniff");

    const revalidated = await get("/api/posts", { "if-none-match": etag });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe("");
    expect(revalidated.headers.etag).toBe(etag);
    // A different query is a different answer; the same query in another order is the same one.
    const limited = await get("/api/posts?limit=2");
    expect(limited.json()).toHaveLength(2);
    expect((await get("/api/posts?limit=2", { "if-none-match": String(limited.headers.etag) })).statusCode).toBe(304);
  });

  it("behavior: brotli, gzip or identity as the client accepts, each the same JSON", async () => {
    const plain = await get("/api/posts");
    for (const [accept, encoding, decode] of [
      ["br", "br", brotliDecompressSync],
      ["gzip", "gzip", gunzipSync],
      ["gzip, deflate, br", "br", brotliDecompressSync],
    ] as const) {
      // Twice: the miss that fills and the hit.
      for (let i = 0; i < 2; i++) {
        const res = await get("/api/posts", { "accept-encoding": accept });
        expect(res.headers["content-encoding"]).toBe(encoding);
        expect(decode(res.rawPayload).toString()).toBe(plain.body);
        expect(Number(res.headers["content-length"])).toBe(res.rawPayload.length);
        // Revalidating with the tag of this variant.
        const again = await get("/api/posts", { "accept-encoding": accept, "if-none-match": String(res.headers.etag) });
        expect(again.statusCode).toBe(304);
      }
    }
    expect((await get("/api/posts", { "accept-encoding": "identity" })).headers["content-encoding"]).toBeUndefined();
  });

  it("security: HEAD is answered from the cache with GET's headers, so it cannot bypass the cache to the database", async () => {
    // Before: every HEAD ran the handler (the database; 10-40 times a warm GET's cost) and said no-store, no ETag.
    const read = (method: "GET" | "HEAD", encoding: string) =>
      t.app.inject({ method, url: "/api/leaderboard", headers: { "accept-encoding": encoding } });
    for (const encoding of ["br", "gzip", "identity"]) {
      const got = await read("GET", encoding);
      expect(got.statusCode).toBe(200);
      const misses = cache().stats.misses;
      for (let i = 0; i < 3; i++) {
        const head = await read("HEAD", encoding);
        expect(head.statusCode, encoding).toBe(200);
        expect(head.rawPayload.length, encoding).toBe(0);
        for (const name of ["etag", "cache-control", "vary", "content-type", "content-encoding", "content-length"]) {
          expect(head.headers[name], `${encoding} ${name}`).toBe(got.headers[name]);
        }
      }
      expect(cache().stats.misses, encoding).toBe(misses);
    }
    const etag = String((await read("GET", "br")).headers.etag);
    const head = await t.app.inject({ method: "HEAD", url: "/api/leaderboard", headers: { "if-none-match": etag } });
    expect(head.statusCode).toBe(304);
    // A HEAD that misses fills the entry with the whole answer, which the next GET is sent.
    const expected = (await read("GET", "identity")).body;
    cache().invalidate(null);
    const cold = await t.app.inject({ method: "HEAD", url: "/api/posts", headers: { "accept-encoding": "br" } });
    expect(cold.statusCode).toBe(200);
    expect(cold.rawPayload.length).toBe(0);
    const hits = cache().stats.hits;
    const warm = await get("/api/posts", { "accept-encoding": "br" });
    expect(cache().stats.hits).toBe(hits + 1);
    expect(warm.headers["content-length"]).toBe(cold.headers["content-length"]);
    expect(warm.headers.etag).toBe(cold.headers.etag);
    expect(JSON.parse(brotliDecompressSync(warm.rawPayload).toString())).toEqual((await get("/api/posts")).json());
    expect((await read("GET", "identity")).body).toBe(expected);
  });

  it("security: bad If-None-Match values are harmless (a full 200 answer)", async () => {
    const plain = await get("/api/posts");
    for (const bad of ["garbage", '"', "W/", ", ,", '"nope"', "x".repeat(8_000)]) {
      const res = await get("/api/posts", { "if-none-match": bad });
      expect(res.statusCode, bad).toBe(200);
      expect(res.body).toBe(plain.body);
    }
  });

  it("security: a query the router reads one way cannot fill the entry of a URL it reads another way", async () => {
    // Fastify hands the handler `%FF` as it is (not UTF-8), while WHATWG URLSearchParams reads it as U+FFFD:
    // a key made by the second parser stored the search for the text "%FF" under the search for "�".
    const victim = "/api/explorer/search?q=Ren%EF%BF%BD";
    const attacker = await get("/api/explorer/search?q=Ren%FF");
    expect(attacker.statusCode).toBe(200);
    const served = await get(victim);
    cache().invalidate(null);
    const fresh = await get(victim);
    expect(fresh.json()).not.toEqual(attacker.json());
    expect(served.json()).toEqual(fresh.json());
  });

  it("behavior: a write is read back at once on the instance that wrote it (posts, votes, comments)", async () => {
    await get("/api/posts");
    const created = await t.app.inject({
      method: "POST",
      url: "/api/posts",
      headers: { cookie: cookies.ada },
      payload: { authorWallet: address(1), content: "Fresh from the writer" },
    });
    expect(created.statusCode, created.body).toBe(200);
    const postId = created.json()._id as string;
    const after = (await get("/api/posts")).json() as { _id: string; upvotes: number; commentCount: number }[];
    expect(after[0]?._id).toBe(postId);

    await t.app.inject({
      method: "POST",
      url: "/api/posts/vote",
      headers: { cookie: cookies.ben },
      payload: { postId, type: "up", voterWallet: address(2) },
    });
    expect(((await get("/api/posts")).json() as typeof after)[0]?.upvotes).toBe(1);

    expect((await get(`/api/posts/${postId}/comments`)).json()).toEqual([]);
    const comment = await t.app.inject({
      method: "POST",
      url: "/api/comments",
      headers: { cookie: cookies.ben },
      payload: { postId, authorWallet: address(2), text: "Nice" },
    });
    expect(comment.statusCode, comment.body).toBe(200);
    expect((await get(`/api/posts/${postId}/comments`)).json()).toHaveLength(1);
    expect(((await get("/api/posts")).json() as typeof after)[0]?.commentCount).toBe(1);
  });

  it("behavior: a write announced only by a trigger (bounties) is read back at once too", async () => {
    expect((await get("/api/admin/public/bounties")).json()).toEqual([]);
    const created = await adminCalls(t.app).post("/bounties", { title: "Paint a fox", description: "Any", reward: 5 });
    expect(created.statusCode, created.body).toBe(200);
    expect((await get("/api/admin/public/bounties")).json()).toMatchObject([{ title: "Paint a fox" }]);
  });

  it("behavior: the indexer's rows (another process) reach the cached explorer through the trigger's NOTIFY", async () => {
    const stats = async () => (await get("/api/explorer/stats")).body;
    const list = async () => (await get("/api/explorer/transactions")).body;
    const [beforeStats, beforeList] = [await stats(), await list()];
    expect(await stats()).toBe(beforeStats);
    await t.database.db.insert(transactions).values({
      type: "transfer",
      fromWallet: address(1),
      toWallet: address(2),
      amount: 1,
      amountWei: "1000000000000000000",
      timestamp: new Date(),
      txHash: `0x${"cd".repeat(32)}`,
      logIndex: 0,
      blockNumber: 1,
    });
    await waitUntil(async () => (await stats()) !== beforeStats && (await list()) !== beforeList, 200);
  });

  it("security: a cached answer is the same whoever asks, and the session-dependent feed is never cached", async () => {
    const anonymous = await get("/api/profiles");
    const withSession = await get("/api/profiles", { cookie: cookies.ada });
    expect(withSession.body).toBe(anonymous.body);
    expect(withSession.headers["set-cookie"]).toBeUndefined();
    const feedAnonymous = await get("/api/feed");
    expect(feedAnonymous.headers.etag).toBeUndefined();
    expect(feedAnonymous.headers["cache-control"]).toBe("private, no-store");
    const keys = cache().size;
    await get("/api/feed", { cookie: cookies.ada });
    await get("/api/predictions/2", { cookie: cookies.ada });
    expect(cache().size).toBe(keys);
  });

  it.runIf(kind === "postgres")(
    "behavior: while the LISTEN connection is lost nothing is served from the cache; it is used again once back",
    async () => {
      const throwaway = await createThrowawayPostgres();
      const database = await openPostgres(throwaway.url);
      const app = await buildApp({ config: t.config, database, chain: createChainClient(t.config) });
      const admin = await openPostgres(throwaway.url);
      try {
        await app.ready();
        const read = async () => (await app.inject({ method: "GET", url: "/api/admin/public/bounties" })).json();
        expect(await read()).toEqual([]);
        await read();
        expect(app.responseCache!.stats.hits).toBe(1);
        // The server ends the LISTEN session (as a restart or a network cut would).
        await admin.db.execute(
          sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query ILIKE 'LISTEN%' AND datname = current_database()`,
        );
        await waitUntil(async () => !app.events.listening, 2_000);
        // A write no instance announced (straight into the table with the trigger's NOTIFY lost): seen at once.
        await admin.db.execute(sql`ALTER TABLE bounties DISABLE TRIGGER live_events_bounties`);
        await admin.db.insert(bounties).values({ title: "Unannounced", description: "D", reward: 5 });
        expect(await read()).toMatchObject([{ title: "Unannounced" }]);
        expect(app.responseCache!.stats.hits).toBe(1);
        await waitUntil(async () => app.events.listening, 5_000);
        await read();
        await read();
        expect(app.responseCache!.stats.hits).toBe(2);
      } finally {
        await app.close();
        await admin.close();
        await database.close();
        await throwaway.drop();
      }
    },
  );

  it.runIf(kind === "postgres")(
    "behavior: a write on instance A is read on instance B within 200 ms (LISTEN/NOTIFY)",
    async () => {
      await onTwoInstances(t.config, async (a, b, dbs) => {
        await dbs[0]!.db
          .insert(profiles)
          .values({ wallet: address(1), name: "Ada", birthday: "2010-01-01", starSign: "Leo" });
        const onB = async (url: string) => (await b.inject({ method: "GET", url })).json() as unknown[];
        expect(await onB("/api/posts")).toEqual([]);
        expect(await onB("/api/admin/public/bounties")).toEqual([]);
        expect(b.responseCache!.size).toBeGreaterThan(0);

        // Written through A (as the route does: the row, then the event).
        const [post] = await dbs[0]!.db
          .insert(posts)
          .values({ authorWallet: address(1), content: "via A" })
          .returning();
        await a.events.publish({ type: "post.created", postId: String(post!.id), authorWallet: address(1) });
        const postMs = await waitUntil(async () => (await onB("/api/posts")).length === 1, 200);

        // Written by A's admin route, announced by the bounties trigger only.
        const created = await adminCalls(a).post("/bounties", { title: "Across", description: "D", reward: 5 });
        expect(created.statusCode, created.body).toBe(200);
        const bountyMs = await waitUntil(async () => (await onB("/api/admin/public/bounties")).length === 1, 200);
        expect(Math.max(postMs, bountyMs)).toBeLessThan(200);
      });
    },
  );

  it.runIf(kind === "postgres")(
    "behavior: an award through A shows in the leaderboard's balances on A at once and on B within 200 ms",
    async () => {
      await onTwoInstances(t.config, async (a, b, dbs) => {
        const ada = address(2);
        await dbs[0]!.db.insert(profiles).values({ wallet: ada, name: "Ada", birthday: "2010-01-01", starSign: "Leo" });
        const held = async (app: App) => {
          const board = (await app.inject({ method: "GET", url: "/api/leaderboard" })).json() as Leaderboard;
          return board.holders.find((h) => h.wallet === ada)?.amount;
        };
        const before = await held(a);
        expect(await held(b)).toBe(before);
        const award = await adminCalls(a).post("/award", { wallet: ada, amount: 15, note: "Fresh" });
        expect(award.statusCode, award.body).toBe(200);
        // Before: both kept the old balance 5 s more (refilled from the 3 s balance cache the award never cleared).
        expect(await held(a)).toBe((before ?? 0) + 15);
        expect(await waitUntil(async () => (await held(b)) === (before ?? 0) + 15, 200)).toBeLessThan(200);
      });
    },
  );
});
