/**
 * Live updates on both engines: what the features publish (posts, votes, tips' transactions through the
 * indexer's table, bounties, moderation), the notifications they cause (`/api/notifications`), the
 * server-sent stream over a real socket with Last-Event-ID catch-up, and two app instances on one database
 * seeing each other's events (PostgreSQL: LISTEN/NOTIFY between two connection pools).
 */
import { randomInt } from "node:crypto";
import { request as httpRequest, type IncomingMessage } from "node:http";
import type { LiveEvent } from "@classcoin/shared/live-events";
import { eq, inArray, max, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { createChainClient } from "../chain/clients";
import { type Database, openPostgres } from "../db/client";
import { queryRows } from "../db/raw-rows";
import { bounties, liveEvents, notifications, posts, profiles, transactions } from "../db/schema";
import type { App } from "../deps";
import { openStream as openClientStream, type StreamClient } from "../security/live-stream-client";
import { adminCalls } from "../testing/admin";
import { type OpenTransaction, openTransactionOfAnotherInstance } from "../testing/another-instance";
import { createTestApp, type TestApp } from "../testing/app";
import { startTestChain, type TestChain } from "../testing/chain";
import { createThrowawayPostgres, type ThrowawayPostgres, testDatabaseKinds } from "../testing/database";
import { signIn } from "../testing/sign-in";
import { waitFor } from "../testing/transfers";
import { createEventBus, LIVE_CHANNEL, type StoredEvent } from "./bus";
import { MAX_STREAMS_PER_IP } from "./stream";

let chain: TestChain;
beforeAll(async () => {
  chain = await startTestChain();
  for (const index of [1, 2]) await chain.fund(chain.wallet(index).account.address, 10);
});
afterAll(async () => {
  await chain?.stop();
});

const address = (index: number) => chain.wallet(index).account.address.toLowerCase() as `0x${string}`;

/** Collects what an app's bus delivers; `next(type)` waits for the next event of that type. */
function collect(app: App) {
  const seen: StoredEvent[] = [];
  const waiting: { type: string; resolve: (e: StoredEvent) => void; from: number }[] = [];
  app.events.subscribe((stored) => {
    seen.push(stored);
    for (const w of [...waiting]) {
      if (stored.event.type === w.type) {
        waiting.splice(waiting.indexOf(w), 1);
        w.resolve(stored);
      }
    }
  });
  return {
    seen,
    next(type: LiveEvent["type"], timeoutMs = 5_000): Promise<StoredEvent> {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${type} event within ${timeoutMs} ms`)), timeoutMs);
        waiting.push({
          type,
          from: seen.length,
          resolve: (e) => {
            clearTimeout(timer);
            resolve(e);
          },
        });
      });
    },
  };
}

/**
 * Opens GET /api/events on a listening app and parses the frames as they come; `cookie` opens it with that
 * session, `query` is appended to the path.
 */
function openStream(url: string, lastEventId?: string, { cookie, query }: { cookie?: string; query?: string } = {}) {
  const frames: { id: string | null; data: LiveEvent }[] = [];
  let response: IncomingMessage | undefined;
  let buffer = "";
  const opened = new Promise<IncomingMessage>((resolve, reject) => {
    const req = httpRequest(
      `${url}/api/events${query ?? ""}`,
      {
        headers: {
          accept: "text/event-stream",
          ...(lastEventId ? { "last-event-id": lastEventId } : {}),
          ...(cookie ? { cookie } : {}),
        },
      },
      (res) => {
        response = res;
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          buffer += chunk;
          let end = buffer.indexOf("\n\n");
          while (end >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const id = /^id: (.*)$/m.exec(block)?.[1] ?? null;
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (data) frames.push({ id, data: JSON.parse(data) as LiveEvent });
            end = buffer.indexOf("\n\n");
          }
        });
        resolve(res);
      },
    );
    req.on("error", reject);
    req.end();
  });
  return {
    opened,
    frames,
    async waitFor(predicate: (e: LiveEvent) => boolean, timeoutMs = 5_000) {
      const started = Date.now();
      for (;;) {
        const found = frames.find((f) => predicate(f.data));
        if (found) return found;
        if (Date.now() - started > timeoutMs) throw new Error(`no matching event; got ${JSON.stringify(frames)}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    close: () => response?.destroy(),
  };
}

/** `event` stored by another instance's transaction, kept open (a trigger's event in a long transaction). */
const storedInOpenTransaction = (database: Database, event: LiveEvent) =>
  openTransactionOfAnotherInstance(database.db, async (tx) => {
    await tx.insert(liveEvents).values({ type: event.type, data: event });
  });

describe("live-update streams per client", () => {
  it("one client IP holds at most MAX_STREAMS_PER_IP streams; a closed one frees its place", async () => {
    const t = await createTestApp(chain, "pglite");
    const streams: ReturnType<typeof openStream>[] = [];
    try {
      const url = await t.app.listen({ port: 0, host: "127.0.0.1" });
      for (let i = 0; i < MAX_STREAMS_PER_IP; i++) streams.push(openStream(url));
      expect((await Promise.all(streams.map((s) => s.opened))).every((r) => r.statusCode === 200)).toBe(true);
      // Before: the instance's 5,000 were all one client's to take.
      const over = openStream(url);
      expect((await over.opened).statusCode).toBe(429);
      over.close();
      streams.shift()?.close();
      await new Promise((resolve) => setTimeout(resolve, 200));
      const again = openStream(url);
      streams.push(again);
      expect((await again.opened).statusCode).toBe(200);
    } finally {
      for (const s of streams) s.close();
      await t.close();
    }
  });

  it.runIf(process.env.TEST_REDIS_URL)(
    "with REDIS_URL, one client holds MAX_STREAMS_PER_IP streams across two instances on one database, not on each",
    async () => {
      const t = await createTestApp(chain, "pglite", { REDIS_URL: process.env.TEST_REDIS_URL ?? "" });
      const b = await buildApp({ ...t.app.deps, chain: createChainClient(t.config) });
      const streams: StreamClient[] = [];
      // A client of its own: Redis keeps what an earlier run counted until its leases end.
      const ip = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
      try {
        const urls = [
          await t.app.listen({ port: 0, host: "127.0.0.1" }),
          await b.listen({ port: 0, host: "127.0.0.1" }),
        ];
        const open = async (url: string) => {
          const stream = await openClientStream(url, { forwardedFor: ip });
          streams.push(stream);
          if (stream.status !== 200) await stream.closed;
          return stream;
        };
        const opened = await Promise.all(Array.from({ length: MAX_STREAMS_PER_IP }, (_, i) => open(urls[i % 2] ?? "")));
        expect(opened.filter((s) => s.status === 200)).toHaveLength(MAX_STREAMS_PER_IP);
        // Before: each instance held 100 of this client's streams and opened 100 more.
        for (const url of urls) {
          const over = await open(url);
          expect(over.status).toBe(429);
          expect(JSON.parse(over.text)).toEqual({
            error: `Too many live-update connections from your network (${MAX_STREAMS_PER_IP}); close some tabs of this site.`,
          });
        }
        opened[0]?.close();
        let again = await open(urls[1] ?? "");
        for (let tries = 0; again.status !== 200 && tries < 40; tries++) {
          await new Promise((resolve) => setTimeout(resolve, 50));
          again = await open(urls[1] ?? "");
        }
        expect(again.status).toBe(200);
      } finally {
        for (const s of streams) s.close();
        await b.close();
        await t.close();
      }
    },
  );
});

describe.each(testDatabaseKinds())("live updates on %s", (kind) => {
  let t: TestApp;
  let cookies: { ada: string; ben: string };
  let url: string;

  beforeAll(async () => {
    t = await createTestApp(chain, kind);
    await t.database.db.insert(profiles).values([
      { wallet: address(1), name: "Ada Lovelace", birthday: "2010-01-01", starSign: "Leo" },
      { wallet: address(2), name: "Ben Okafor", birthday: "2010-01-01", starSign: "Leo" },
    ]);
    cookies = { ada: await signIn(t, 1), ben: await signIn(t, 2) };
    url = await t.app.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(async () => {
    await t?.close();
  });

  const inject = (method: "GET" | "POST", path: string, cookie?: string, payload?: object) =>
    t.app.inject({ method, url: path, ...(cookie ? { headers: { cookie } } : {}), ...(payload ? { payload } : {}) });

  it("behavior: a post and a vote are published, and the author is notified of the vote once", async () => {
    const events = collect(t.app);
    const created = events.next("post.created");
    const post = await inject("POST", "/api/posts", cookies.ada, { authorWallet: address(1), content: "Hello class" });
    expect(post.statusCode, post.body).toBe(200);
    const postId = post.json()._id as string;
    expect((await created).event).toEqual({ type: "post.created", postId, authorWallet: address(1) });

    const voted = events.next("post.voted");
    const notified = events.next("notification");
    const vote = await inject("POST", "/api/posts/vote", cookies.ben, { postId, type: "up", voterWallet: address(2) });
    expect(vote.statusCode, vote.body).toBe(200);
    expect((await voted).event).toMatchObject({ postId, voterWallet: address(2), upvotes: 1, downvotes: 0 });
    expect((await notified).event).toEqual({ type: "notification", wallet: address(1) });

    // Switching the vote back and forth is still one notification.
    await inject("POST", "/api/posts/vote", cookies.ben, { postId, type: "down", voterWallet: address(2) });
    await inject("POST", "/api/posts/vote", cookies.ben, { postId, type: "up", voterWallet: address(2) });
    const list = await inject("GET", "/api/notifications", cookies.ada);
    expect(list.statusCode, list.body).toBe(200);
    const { notifications, unread } = list.json() as {
      notifications: { _id: string; text: string; read: boolean; kind: string }[];
      unread: number;
    };
    expect(unread).toBe(1);
    expect(notifications).toHaveLength(1);
    expect(notifications[0]).toMatchObject({
      kind: "vote",
      read: false,
      text: 'Ben Okafor upvoted your post "Hello class".',
    });
    // Nobody is notified of their own doing; Ben has nothing.
    expect((await inject("GET", "/api/notifications", cookies.ben)).json()).toEqual({ notifications: [], unread: 0 });

    // Marking read: only the session's own notifications change.
    const id = notifications[0]!._id;
    expect((await inject("POST", "/api/notifications/read", cookies.ben, { ids: [id] })).json()).toEqual({ unread: 0 });
    expect((await inject("GET", "/api/notifications", cookies.ada)).json().unread).toBe(1);
    expect((await inject("POST", "/api/notifications/read", cookies.ada, { ids: [id] })).json()).toEqual({ unread: 0 });
    expect((await inject("GET", "/api/notifications", cookies.ada)).json().notifications[0].read).toBe(true);
  });

  it("behavior: a comment tells the post's author, a reply the comment's author; one's own tells nobody", async () => {
    const post = await inject("POST", "/api/posts", cookies.ada, { authorWallet: address(1), content: "Ask me" });
    expect(post.statusCode, post.body).toBe(200);
    const postId = post.json()._id as string;
    const texts = async (cookie: string) =>
      ((await inject("GET", "/api/notifications", cookie)).json().notifications as { kind: string; text: string }[])
        .filter((n) => n.kind === "comment" || n.kind === "reply")
        .map((n) => [n.kind, n.text]);
    const comment = (cookie: string, authorWallet: string, text: string, parentCommentId?: string) =>
      inject("POST", "/api/comments", cookie, {
        postId,
        authorWallet,
        text,
        ...(parentCommentId ? { parentCommentId } : {}),
      });

    const events = collect(t.app);
    const notified = events.next("notification");
    const question = await comment(cookies.ben, address(2), "Which brush?");
    expect(question.statusCode, question.body).toBe(200);
    expect((await notified).event).toEqual({ type: "notification", wallet: address(1) });
    // Before: nothing; a student learned of a comment on their post only by looking.
    expect(await texts(cookies.ada)).toEqual([
      ["comment", 'Ben Okafor commented on your post "Ask me": "Which brush?"'],
    ]);

    // Ada answers Ben's comment: Ben is told of the reply; Ada, whose own reply it is, of nothing more.
    const answer = await comment(cookies.ada, address(1), "A round one", question.json()._id);
    expect(answer.statusCode, answer.body).toBe(200);
    await waitFor(async () => (await texts(cookies.ben)).length > 0, 5_000, "Ben's notification");
    expect(await texts(cookies.ben)).toEqual([
      ["reply", 'Ada Lovelace replied to your comment "Which brush?": "A round one"'],
    ]);
    // Ben adds to his own thread: Ada hears of it as a comment on her post, Ben of nothing.
    await comment(cookies.ben, address(2), "Thanks!", question.json()._id);
    // Ada comments on her own post (nobody is told), and Ben replies to that: Ada is told once, as a reply.
    const own = await comment(cookies.ada, address(1), "On my own post");
    await comment(cookies.ben, address(2), "Nice", own.json()._id);
    await waitFor(async () => (await texts(cookies.ada)).length >= 3, 5_000, "Ada's notifications");
    expect(await texts(cookies.ada)).toEqual([
      ["reply", 'Ben Okafor replied to your comment "On my own post": "Nice"'],
      ["comment", 'Ben Okafor commented on your post "Ask me": "Thanks!"'],
      ["comment", 'Ben Okafor commented on your post "Ask me": "Which brush?"'],
    ]);
    expect(await texts(cookies.ben)).toHaveLength(1);
    // The next tests count unread notifications from none.
    await t.database.db.delete(notifications).where(inArray(notifications.kind, ["comment", "reply"]));
  });

  it("privacy: a wallet's notifications and its marking them read reach that wallet's streams only", async () => {
    const [row] = await t.database.db
      .insert(notifications)
      .values({ wallet: address(2), kind: "vote", text: "Someone upvoted your post.", link: "/forum" })
      .returning();
    const ben = openStream(url, undefined, { cookie: cookies.ben });
    const ada = openStream(url, undefined, { cookie: cookies.ada });
    const visitor = openStream(url);
    const streams = [ben, ada, visitor];
    // Ada's own, from the test before, may still be on their way (NOTIFY): only Ben's count here.
    const addressed = (s: ReturnType<typeof openStream>) =>
      s.frames
        .map((f) => f.data)
        .filter((e) => (e.type === "notification" || e.type === "notifications.read") && e.wallet === address(2));
    try {
      await Promise.all(streams.map((s) => s.opened));
      const [before] = await t.database.db.select({ id: max(liveEvents.commitSeq) }).from(liveEvents);
      await t.app.events.publish({ type: "notification", wallet: address(2) });
      const read = await inject("POST", "/api/notifications/read", cookies.ben, { ids: [String(row!.id)] });
      expect(read.json()).toEqual({ unread: 0 });
      await ben.waitFor((e) => e.type === "notifications.read");
      expect(addressed(ben)).toEqual([
        { type: "notification", wallet: address(2) },
        { type: "notifications.read", wallet: address(2) },
      ]);
      // Nothing changed the second time: nothing to tell.
      await inject("POST", "/api/notifications/read", cookies.ben, { ids: [String(row!.id)] });

      // Every stream gets a public event published after them: by then the others would have had them too.
      await t.app.events.publish({ type: "bounty.changed", bountyId: "after", status: null });
      for (const s of streams) await s.waitFor((e) => e.type === "bounty.changed" && e.bountyId === "after");
      expect(addressed(ben)).toHaveLength(2);
      expect(addressed(ada)).toEqual([]);
      expect(visitor.frames.map((f) => f.data.type)).not.toContain("notifications.read");
      expect(visitor.frames.map((f) => f.data.type)).not.toContain("notification");

      // Catching up (a page whose session changed names the last id it saw) follows the same rule.
      const caughtUp = async (cookie: string) => {
        const caught = openStream(url, undefined, { cookie, query: `?lastEventId=${before?.id ?? 0}` });
        streams.push(caught);
        await caught.opened;
        await caught.waitFor((e) => e.type === "bounty.changed" && e.bountyId === "after");
        return addressed(caught).map((e) => e.type);
      };
      expect(await caughtUp(cookies.ben)).toEqual(["notification", "notifications.read"]);
      expect(await caughtUp(cookies.ada)).toEqual([]);
    } finally {
      const before = t.app.events.subscribers - streams.length;
      for (const s of streams) s.close();
      await t.database.db.delete(notifications).where(eq(notifications.id, row!.id));
      // The next tests count the streams open.
      for (let i = 0; i < 100 && t.app.events.subscribers > before; i++) await new Promise((r) => setTimeout(r, 20));
    }
  });

  it("behavior: a stream stays open until the browser leaves, and then stops listening", async () => {
    const before = t.app.events.subscribers;
    const stream = openStream(url);
    const res = await stream.opened;
    let ended = false;
    res.on("end", () => {
      ended = true;
    });
    await new Promise((r) => setTimeout(r, 1_500));
    expect(ended).toBe(false);
    expect(t.app.events.subscribers).toBe(before + 1);
    stream.close();
    for (let i = 0; i < 50 && t.app.events.subscribers > before; i++) await new Promise((r) => setTimeout(r, 20));
    expect(t.app.events.subscribers).toBe(before);
  });

  it("behavior: the stream is only for a client that asks for one (a plain GET gets a JSON 406)", async () => {
    const res = await inject("GET", "/api/events");
    expect(res.statusCode).toBe(406);
    expect(res.json().error).toMatch(/text\/event-stream/);
  });

  it("behavior: notifications need a session", async () => {
    expect((await inject("GET", "/api/notifications")).statusCode).toBe(401);
    expect((await inject("POST", "/api/notifications/read", undefined, { ids: ["1"] })).statusCode).toBe(401);
  });

  it("behavior: moderation is published and tells the owner; restoring tells nobody", async () => {
    const events = collect(t.app);
    const [post] = await t.database.db
      .insert(posts)
      .values({ authorWallet: address(2), content: "Something rude" })
      .returning();
    const hidden = events.next("moderation");
    const notified = events.next("notification");
    const admin = adminCalls(t.app);
    const hide = await admin.post("/posts/hide", { postId: String(post!.id), hide: true });
    expect(hide.statusCode, hide.body).toBe(200);
    expect((await hidden).event).toEqual({
      type: "moderation",
      entity: "post",
      id: String(post!.id),
      wallet: address(2),
      hidden: true,
    });
    expect((await notified).event).toEqual({ type: "notification", wallet: address(2) });
    const ben = (await inject("GET", "/api/notifications", cookies.ben)).json();
    expect(ben.notifications[0]).toMatchObject({
      kind: "post_hidden",
      text: 'Your post "Something rude" was hidden by the instructor.',
    });
    // A second click (or a second tab) hiding what is already hidden tells nobody again.
    const again = await admin.post("/posts/hide", { postId: String(post!.id), hide: true });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().post.hidden).toBe(true);
    for (const archive of [true, true, false, false]) {
      const res = await admin.post("/profiles/archive", { wallet: address(2), archive });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().profile.archived).toBe(archive);
    }
    expect(events.seen.filter((e) => e.event.type === "moderation")).toHaveLength(3);
    const kinds = (await inject("GET", "/api/notifications", cookies.ben))
      .json()
      .notifications.map((n: { kind: string }) => n.kind);
    expect(kinds).toEqual(["profile_archived", "post_hidden"]);
  });

  it("behavior: an award from the instructor is published and the student is told how much and why", async () => {
    const events = collect(t.app);
    const awarded = events.next("award", 30_000);
    const res = await adminCalls(t.app).post("/award", { wallet: address(1), amount: 7, note: "Great poster" });
    expect(res.statusCode, res.body).toBe(200);
    expect((await awarded).event).toMatchObject({ type: "award", wallet: address(1), amount: 7, note: "Great poster" });
    const ada = (await inject("GET", "/api/notifications", cookies.ada)).json();
    expect(ada.notifications[0]).toMatchObject({
      kind: "award",
      read: false,
      text: 'The instructor awarded you 7 CC: "Great poster".',
    });
  });

  it("behavior: a welcome grant mined is published as the student's balance change (add and roster)", async () => {
    // On Sepolia a student's tab reads its balance when told; before, a grant waited for the indexer.
    const events = collect(t.app);
    const one = events.next("balances", 30_000);
    const added = await adminCalls(t.app).post("/whitelist/add", { wallet: address(5) });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().grant).toMatchObject({ wallet: address(5), state: "paid" });
    expect((await one).event).toEqual({ type: "balances", wallets: [address(5)] });
    const roster = events.next("balances", 30_000);
    const many = await adminCalls(t.app).post("/whitelist/add-many", { list: `${address(6)}\n${address(7)}` });
    expect(many.statusCode, many.body).toBe(200);
    expect((await roster).event).toEqual({ type: "balances", wallets: [address(6), address(7)] });
  });

  it("behavior: the explorer's new transactions and bounty changes are published by the database itself", async () => {
    const events = collect(t.app);
    const txs = events.next("transactions");
    await t.database.db.insert(transactions).values({
      type: "transfer",
      fromWallet: address(1),
      toWallet: address(2),
      amount: 1,
      amountWei: "1000000000000000000",
      timestamp: new Date(),
      txHash: `0x${"ab".repeat(32)}`,
      logIndex: 0,
      blockNumber: 1,
    });
    expect((await txs).event).toMatchObject({ type: "transactions", count: 1 });
    expect(((await txs).event as { wallets: string[] }).wallets.sort()).toEqual([address(1), address(2)].sort());

    const bounty = events.next("bounty.changed");
    const [row] = await t.database.db.insert(bounties).values({ title: "B", description: "D", reward: 5 }).returning();
    expect((await bounty).event).toEqual({ type: "bounty.changed", bountyId: String(row!.id), status: "active" });
    const crossed = events.next("bounty.changed");
    await t.database.db.update(bounties).set({ crossedOut: true }).where(eq(bounties.id, row!.id));
    expect((await crossed).event).toMatchObject({ bountyId: String(row!.id) });
  });

  it("behavior: the stream sends new events, and a reconnect with Last-Event-ID gets the missed ones", async () => {
    const first = openStream(url);
    const res = await first.opened;
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/event-stream/);
    const post = await inject("POST", "/api/posts", cookies.ben, { authorWallet: address(2), content: "Live!" });
    // Ben's profile was archived and restored above; he may post again (the server allows one every 5 s).
    expect(post.statusCode, post.body).toBe(200);
    const seen = await first.waitFor((e) => e.type === "post.created" && e.postId === post.json()._id);
    first.close();

    // Meanwhile (disconnected) a vote: the reconnect names the last id it saw and gets it.
    const vote = await inject("POST", "/api/posts/vote", cookies.ada, {
      postId: post.json()._id,
      type: "up",
      voterWallet: address(1),
    });
    expect(vote.statusCode, vote.body).toBe(200);
    const again = openStream(url, seen.id ?? "");
    await again.opened;
    await again.waitFor((e) => e.type === "post.voted" && e.postId === post.json()._id);
    expect(again.frames.some((f) => f.data.type === "post.created" && f.data.postId === post.json()._id)).toBe(false);
    again.close();

    // An event after the browser's Last-Event-ID is no longer kept (pruned): it cannot be replayed, so the
    // browser is told to read everything again, and is not handed the events after the hole as if complete.
    await t.database.db.delete(liveEvents).where(eq(liveEvents.commitSeq, Number(seen.id)));
    const stale = openStream(url, String(Number(seen.id) - 1));
    await stale.opened;
    await stale.waitFor((e) => e.type === "sync");
    expect(stale.frames.some((f) => f.data.type === "post.voted" && f.data.postId === post.json()._id)).toBe(false);
    stale.close();
  });

  // PGlite has one connection: its transactions run one after another, so they commit in the order of their
  // ids. The events committed out of order need two connections at once (PostgreSQL).
  it.skipIf(kind === "pglite")(
    "behavior: a reconnect gets an event committed after the last one it saw, though numbered before it",
    async () => {
      const bountyIds = (s: ReturnType<typeof openStream>) =>
        s.frames.flatMap((f) => (f.data.type === "bounty.changed" ? [f.data.bountyId] : []));
      const first = openStream(url);
      const stays = openStream(url);
      const streams = [first, stays];
      let slow: OpenTransaction | undefined;
      try {
        await Promise.all(streams.map((s) => s.opened));
        slow = await storedInOpenTransaction(t.database, {
          type: "bounty.changed",
          bountyId: "slow",
          status: null,
        });
        await t.app.events.publish({ type: "bounty.changed", bountyId: "fast", status: null });
        const seen = await first.waitFor((e) => e.type === "bounty.changed" && e.bountyId === "fast");
        first.close();
        slow.release();
        await slow.done;
        await stays.waitFor((e) => e.type === "bounty.changed" && e.bountyId === "slow");

        // Before: the reconnect was sent the ids after the one it had seen, and "slow" had a lower one.
        const again = openStream(url, seen.id ?? "");
        streams.push(again);
        await again.opened;
        await again.waitFor((e) => e.type === "bounty.changed" && e.bountyId === "slow");
        await t.app.events.publish({ type: "bounty.changed", bountyId: "later", status: null });
        for (const s of [again, stays]) await s.waitFor((e) => e.type === "bounty.changed" && e.bountyId === "later");
        // Each event once: the reconnect is not sent what it had, the stream that stayed is sent each live.
        expect(bountyIds(again)).toEqual(["slow", "later"]);
        expect(bountyIds(stays)).toEqual(["fast", "slow", "later"]);
      } finally {
        slow?.release();
        for (const s of streams) s.close();
      }
    },
  );

  it.skipIf(kind === "pglite")(
    "behavior: an instance whose LISTEN connection was lost catches up on an event numbered before the last it heard",
    async () => {
      const listeners = async () =>
        (
          await queryRows<{ pid: number }>(
            t.database.db,
            sql`SELECT pid FROM pg_stat_activity
                WHERE datname = current_database() AND query = ${`LISTEN ${LIVE_CHANNEL}`}`,
          )
        ).map((row) => row.pid);
      const before = new Set(await listeners());
      const bus = createEventBus(t.database, { info: () => {}, warn: () => {} });
      await bus.start();
      let slow: OpenTransaction | undefined;
      try {
        const [listener, ...others] = (await listeners()).filter((pid) => !before.has(pid));
        expect(listener, "this bus's own LISTEN connection").toBeTypeOf("number");
        expect(others).toEqual([]);
        const heard: (string | null)[] = [];
        bus.subscribe(({ event }) => {
          if (event.type === "bounty.changed") heard.push(event.bountyId);
        });
        slow = await storedInOpenTransaction(t.database, {
          type: "bounty.changed",
          bountyId: "slow-2",
          status: null,
        });
        await t.app.events.publish({ type: "bounty.changed", bountyId: "fast-2", status: null });
        await waitFor(() => heard.includes("fast-2"), 5_000, "the event committed first");
        await queryRows(t.database.db, sql`SELECT pg_terminate_backend(${listener})`);
        await waitFor(() => !bus.listening, 5_000, "the lost LISTEN connection noticed");
        // Committed while the instance hears nothing: only its catch-up from the log can bring it.
        slow.release();
        await slow.done;
        await waitFor(() => bus.listening, 5_000, "the LISTEN connection back");
        await waitFor(() => heard.includes("slow-2"), 5_000, "the event committed meanwhile, from the catch-up");
        await t.app.events.publish({ type: "bounty.changed", bountyId: "later-2", status: null });
        await waitFor(() => heard.includes("later-2"), 5_000, "an event after the catch-up");
        expect(heard).toEqual(["fast-2", "slow-2", "later-2"]);
      } finally {
        slow?.release();
        await bus.close();
      }
    },
  );

  it("behavior: two instances on one database see each other's events", async () => {
    let throwaway: ThrowawayPostgres | undefined;
    let secondDb: Database = t.database;
    if (kind === "postgres") {
      // The test database's URL is not exposed; a second throw-away one with two pools stands for it.
      throwaway = await createThrowawayPostgres();
      secondDb = await openPostgres(throwaway.url);
    }
    const a = kind === "postgres" ? await buildApp({ ...t.app.deps, database: secondDb }) : t.app;
    const bDb = kind === "postgres" ? await openPostgres(throwaway!.url) : t.database;
    const b = await buildApp({ ...t.app.deps, database: bDb, chain: createChainClient(t.config) });
    try {
      await a.ready();
      await b.ready();
      const onB = collect(b);
      const arrived = onB.next("bounty.changed");
      await a.events.publish({ type: "bounty.changed", bountyId: "42", status: "completed" });
      expect((await arrived).event).toEqual({ type: "bounty.changed", bountyId: "42", status: "completed" });
    } finally {
      await b.close();
      if (a !== t.app) await a.close();
      if (kind === "postgres") {
        await secondDb.close();
        await bDb.close();
        await throwaway?.drop();
      }
    }
  });
});
