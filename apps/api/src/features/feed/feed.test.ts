/**
 * The Feed (issue 18): posting 1–4 images with optional text (session, profile, the photo checks on every
 * image), a public list that never names an author (the JSON is searched for the wallet and the name), the
 * author's own posts marked, keyset paging, and the admin's list with authors and hide/show.
 */
import type { LiveEvent } from "@classcoin/shared/live-events";
import { messages } from "@classcoin/shared/messages";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { feedPosts, images, profiles } from "../../db/schema";
import { adminCalls } from "../../testing/admin";
import { createTestApp, type TestApp } from "../../testing/app";
import { startTestChain, type TestChain } from "../../testing/chain";
import { testDatabaseKinds } from "../../testing/database";
import { newMember } from "../../testing/members";
import { signIn } from "../../testing/sign-in";
import { storeImage } from "../images/service";

let chain: TestChain;
beforeAll(async () => {
  chain = await startTestChain();
});
afterAll(async () => {
  await chain?.stop();
});

const png = (color: string, size = 16) =>
  sharp({ create: { width: size, height: size, channels: 3, background: color } })
    .png()
    .toBuffer();

/** A browser's FormData: the fields, then every image under `images`. */
async function feedForm(fields: Record<string, string>, files: { bytes: Buffer; type?: string }[]) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [i, file] of files.entries()) {
    form.append("images", new Blob([Uint8Array.from(file.bytes)], { type: file.type ?? "image/png" }), `p${i}.png`);
  }
  const request = new Request("http://localhost/", { method: "POST", body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { "content-type": request.headers.get("content-type") ?? "" },
  };
}

/** New posts are announced at the next whole span of this (FEED_ANNOUNCE_SECONDS; a minute by default). */
const ANNOUNCE_MS = 2_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Until the span under way has ended: the posts written in it are out for everyone. */
const spanEnded = () => sleep(ANNOUNCE_MS - (Date.now() % ANNOUNCE_MS) + 20);

describe.each(testDatabaseKinds())("the Feed on %s", (kind) => {
  let t: TestApp;
  let admin: ReturnType<typeof adminCalls>;
  beforeAll(async () => {
    t = await createTestApp(chain, kind, { FEED_ANNOUNCE_SECONDS: String(ANNOUNCE_MS / 1000) });
    admin = adminCalls(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  const member = (name: string) => newMember(t, name);

  async function post(
    cookie: string | undefined,
    fields: Record<string, string>,
    files: { bytes: Buffer; type?: string }[],
  ) {
    const form = await feedForm(fields, files);
    return t.app.inject({
      method: "POST",
      url: "/api/feed",
      payload: form.payload,
      headers: { ...form.headers, ...(cookie ? { cookie } : {}) },
    });
  }
  const list = async (query = "", cookie?: string) => {
    const res = await t.app.inject({ method: "GET", url: `/api/feed${query}`, headers: cookie ? { cookie } : {} });
    expect(res.statusCode, res.body).toBe(200);
    return { body: res.json(), raw: res.body, headers: res.headers };
  };
  const countRows = async () => (await t.database.db.select({ id: feedPosts.id }).from(feedPosts)).length;

  it("a student posts up to 4 images with text; the public list never names the author, the author sees it as theirs", async () => {
    const ada = await member("Ada Anonymous");
    const other = await member("Bea Other");
    const shownTo = async (id: string, cookie?: string) =>
      (await list("", cookie)).body.posts.some((p: { _id: string }) => p._id === id);
    const span = () => Math.floor(Date.now() / ANNOUNCE_MS);
    const images = [
      { bytes: await png("#c33") },
      { bytes: await png("#3c3") },
      { bytes: await png("#33c", 2000), type: "image/png" },
    ];
    // Out to its author at once, to everyone else when its span ends (when open pages are told): before, a
    // classmate polling the list saw it the moment it was written, between its author's named actions. Only
    // a post written and read within one span shows it (a loaded machine may need more than one try).
    let res: Awaited<ReturnType<typeof post>>;
    let seenAtOnce: boolean[];
    for (let attempt = 1; ; attempt++) {
      await spanEnded();
      const written = span();
      res = await post(ada.cookie, { authorWallet: ada.wallet, text: "  Critique welcome  " }, images);
      expect(res.statusCode, res.body).toBe(200);
      const id = res.json()._id;
      seenAtOnce = [await shownTo(id), await shownTo(id, other.cookie), await shownTo(id, ada.cookie)];
      if (span() === written || attempt === 5) break;
    }
    expect(seenAtOnce).toEqual([false, false, true]);
    const created = res.json();
    expect(created).toEqual({
      _id: expect.stringMatching(/^\d+$/),
      text: "Critique welcome",
      images: [expect.stringMatching(/^[0-9a-f]{64}\.webp$/), expect.any(String), expect.any(String)],
      createdAt: expect.any(String),
      mine: true,
    });
    // Images are re-encoded (the 2000 px one down to 1080) and served from the Feed's image route.
    const image = await t.app.inject({ method: "GET", url: `/api/feed/image/${created.images[2]}` });
    expect(image.statusCode).toBe(200);
    expect(image.headers["content-type"]).toBe("image/webp");
    expect((await sharp(image.rawPayload).metadata()).width).toBe(1080);

    await spanEnded();
    expect([await shownTo(created._id), await shownTo(created._id, other.cookie)]).toEqual([true, true]);

    const anonymous = await list();
    const seen = anonymous.body.posts.find((p: { _id: string }) => p._id === created._id);
    expect(seen).toMatchObject({ text: "Critique welcome", mine: false });
    expect(Object.keys(seen).sort()).toEqual(["_id", "createdAt", "images", "mine", "text"]);
    expect(seen.createdAt, "to the minute, as the page shows it").toMatch(/T\d\d:\d\d:00\.000Z$/);
    for (const secret of [ada.wallet, ada.wallet.slice(2), "Ada Anonymous", "Anonymous"]) {
      expect(anonymous.raw.toLowerCase()).not.toContain(secret.toLowerCase());
    }
    expect(anonymous.headers["cache-control"]).toBe("private, no-store");
    const own = await list("", ada.cookie);
    expect(own.body.posts.find((p: { _id: string }) => p._id === created._id).mine).toBe(true);
    expect(own.raw.toLowerCase()).not.toContain(ada.wallet);
    expect((await list("", other.cookie)).body.posts.find((p: { _id: string }) => p._id === created._id).mine).toBe(
      false,
    );
  });

  it("a picture also in a named project or profile photo gets another name and other bytes in the Feed", async () => {
    const ada = await member("Ada Named");
    const artwork = await sharp({
      create: {
        width: 300,
        height: 200,
        channels: 3,
        background: "#888",
        noise: { type: "gaussian", mean: 128, sigma: 40 },
      },
    })
      .png()
      .toBuffer();
    // What the projects and profiles routes store for it, and publish with their author's name.
    const named = [
      await storeImage(t.database.db, artwork, "project"),
      await storeImage(t.database.db, artwork, "photo"),
    ];
    const res = await post(ada.cookie, { authorWallet: ada.wallet, text: "" }, [{ bytes: artwork }]);
    expect(res.statusCode, res.body).toBe(200);
    const [anonymous] = res.json().images as string[];
    // Before: the Feed's name was the project's, and the two routes served the same bytes.
    expect(named).not.toContain(anonymous);
    const served = await t.app.inject({ method: "GET", url: `/api/feed/image/${anonymous}` });
    const project = await t.app.inject({ method: "GET", url: `/api/projects/image/${named[0]}` });
    expect([served.statusCode, project.statusCode]).toEqual([200, 200]);
    expect(served.rawPayload.equals(project.rawPayload)).toBe(false);
    expect((await sharp(served.rawPayload).metadata()).width).toBe(300);
  });

  it("refuses without a session (401), as another wallet (403), without a profile, without images, with 5 images or a bad one", async () => {
    const ada = await member("Cleo Checks");
    const image = { bytes: await png("#999") };
    const before = await countRows();
    expect((await post(undefined, { authorWallet: ada.wallet }, [image])).statusCode).toBe(401);
    const mallory = await member("Mal Other");
    const forged = await post(mallory.cookie, { authorWallet: ada.wallet }, [image]);
    expect(forged.statusCode).toBe(403);
    expect(forged.json().error).toBe(messages.auth.wrongWallet);

    const key = generatePrivateKey();
    const stranger = privateKeyToAccount(key).address.toLowerCase();
    const noProfile = await post(await signIn(t, key), { authorWallet: stranger, text: "x".repeat(501) }, []);
    expect(noProfile.statusCode).toBe(400);
    expect(noProfile.json().errors).toEqual([messages.feed.profile, messages.feed.images, messages.feed.textTooLong]);

    const five = await post(ada.cookie, { authorWallet: ada.wallet }, Array(5).fill(image));
    expect(five.statusCode).toBe(400);
    expect(five.json().errors).toEqual([messages.feed.tooManyImages]);

    const disguised = await post(ada.cookie, { authorWallet: ada.wallet }, [
      image,
      { bytes: Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"), type: "image/png" },
    ]);
    expect(disguised.statusCode).toBe(400);
    expect(disguised.json().errors).toEqual([messages.photo.badType]);

    await t.database.db.update(profiles).set({ archived: true }).where(eq(profiles.wallet, ada.wallet));
    const archived = await post(ada.cookie, { authorWallet: ada.wallet }, [image]);
    expect(archived.json().errors).toEqual([messages.feed.profile]);
    expect(await countRows()).toBe(before);
  });

  it("text that cannot be stored (a NUL) is refused before its images are: nothing is written", async () => {
    const ada = await member("Nul Sender");
    const countImages = async () => (await t.database.db.select({ name: images.name }).from(images)).length;
    const [posts, pictures] = [await countRows(), await countImages()];
    const res = await post(ada.cookie, { authorWallet: ada.wallet, text: "before\u0000after" }, [
      { bytes: await png("#0a7") },
    ]);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toEqual([messages.input.unstorableText]);
    expect([await countRows(), await countImages()]).toEqual([posts, pictures]);
  });

  it("pages newest first with a cursor, every post once", async () => {
    const ada = await member("Page Turner");
    const image = { bytes: await png("#abc") };
    const ids: string[] = [];
    for (let i = 0; i < 5; i++)
      ids.push((await post(ada.cookie, { authorWallet: ada.wallet, text: `#${i}` }, [image])).json()._id);
    await spanEnded();
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { posts: { _id: string }[]; nextCursor: string | null } = (
        await list(`?limit=2${cursor ? `&before=${cursor}` : ""}`)
      ).body;
      expect(page.posts.length).toBeLessThanOrEqual(2);
      seen.push(...page.posts.map((p: { _id: string }) => p._id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual([...seen].sort((a, b) => Number(b) - Number(a)));
    expect(new Set(seen).size).toBe(seen.length);
    for (const id of ids) expect(seen).toContain(id);
  });

  it("a new post is announced at the span's end, after the author's actions around it; hiding and showing at once; no author", async () => {
    const ada = await member("Evented Eva");
    const published: LiveEvent[] = [];
    const stop = t.app.events.subscribe(({ event }) => {
      if (event.type === "feed.changed" || event.type === "profile.changed") published.push(event);
    });
    try {
      // Just past a span's start, so the post and what follows it happen within the span (and the earlier tests'
      // posts, announced at that start, are out of the way).
      await sleep(ANNOUNCE_MS - (Date.now() % ANNOUNCE_MS) + 150);
      published.length = 0;
      // Ada's named actions around her post (announced as a vote or a profile change would be).
      await t.app.events.publish({ type: "profile.changed", wallet: ada.wallet });
      const created = (
        await post(ada.cookie, { authorWallet: ada.wallet, text: "live" }, [{ bytes: await png("#0af") }])
      ).json();
      await t.app.events.publish({ type: "profile.changed", wallet: ada.wallet });
      // Before: the post was announced between the two, naming its author to anyone reading the stream.
      await sleep(200);
      expect(published.map((e) => e.type)).toEqual(["profile.changed", "profile.changed"]);
      for (let i = 0; i < 150 && published.length < 3; i++) await sleep(20);
      expect(published[2]).toEqual({ type: "feed.changed", feedPostId: created._id, hidden: false });

      published.length = 0;
      await admin.post("/feed/hide", { feedPostId: created._id, hide: true });
      await admin.post("/feed/hide", { feedPostId: created._id, hide: false });
      for (let i = 0; i < 100 && published.length < 2; i++) await sleep(20);
      expect(published).toEqual([
        { type: "feed.changed", feedPostId: created._id, hidden: true },
        { type: "feed.changed", feedPostId: created._id, hidden: false },
      ]);
      expect(JSON.stringify(published.filter((e) => e.type === "feed.changed")).toLowerCase()).not.toContain(
        ada.wallet.slice(2),
      );
    } finally {
      stop();
    }
  });

  it("the posts of one span are announced once, by the newest", async () => {
    const ada = await member("Batched Bea");
    const published: LiveEvent[] = [];
    const stop = t.app.events.subscribe(({ event }) => {
      if (event.type === "feed.changed") published.push(event);
    });
    try {
      await sleep(ANNOUNCE_MS - (Date.now() % ANNOUNCE_MS) + 150);
      published.length = 0;
      const ids: string[] = [];
      for (const color of ["#123", "#456"]) {
        const res = await post(ada.cookie, { authorWallet: ada.wallet, text: color }, [{ bytes: await png(color) }]);
        ids.push(res.json()._id);
      }
      for (let i = 0; i < 150 && published.length < 1; i++) await sleep(20);
      await sleep(100);
      expect(published).toEqual([{ type: "feed.changed", feedPostId: ids[1], hidden: false }]);
    } finally {
      stop();
    }
  });

  // Instances of one PostgreSQL, each with its own clock (PGlite is one process, and reads the process's clock).
  it.runIf(kind === "postgres")(
    "once announced, a post is in the list whichever instance answers, also one whose clock runs behind",
    async () => {
      const ada = await member("Announced Ann");
      const announced: LiveEvent[] = [];
      const stop = t.app.events.subscribe(({ event }) => {
        if (event.type === "feed.changed") announced.push(event);
      });
      let created = "";
      try {
        await sleep(ANNOUNCE_MS - (Date.now() % ANNOUNCE_MS) + 150);
        announced.length = 0;
        const res = await post(ada.cookie, { authorWallet: ada.wallet, text: "out now" }, [
          { bytes: await png("#5a5") },
        ]);
        created = res.json()._id;
        for (let i = 0; i < 150 && announced.length < 1; i++) await sleep(20);
        expect(announced).toEqual([{ type: "feed.changed", feedPostId: created, hidden: false }]);
      } finally {
        stop();
      }
      // A classmate's page reads the list again at the announcement, and another instance answers: its clock
      // is half a second behind the one that wrote and announced the post.
      vi.useFakeTimers({ toFake: ["Date"], now: Date.now() - 500 });
      try {
        // Before: not listed there (its span had not ended by that clock), and the page never asked again.
        expect((await list()).body.posts.map((p: { _id: string }) => p._id)).toContain(created);
      } finally {
        vi.useRealTimers();
      }
    },
  );

  describe("a double submit", () => {
    const rowsOf = (wallet: string) =>
      t.database.db.select({ id: feedPosts.id }).from(feedPosts).where(eq(feedPosts.authorWallet, wallet));

    it("the same post again (a retry after a lost answer) answers the post written, stored and announced once", async () => {
      const ada = await member("Twice Tess");
      const published: LiveEvent[] = [];
      const stop = t.app.events.subscribe(({ event }) => {
        if (event.type === "feed.changed") published.push(event);
      });
      try {
        const pictures = [{ bytes: await png("#a1b") }, { bytes: await png("#b2c") }];
        const first = await post(ada.cookie, { authorWallet: ada.wallet, text: "Sunset" }, pictures);
        expect(first.statusCode, first.body).toBe(200);
        const id = first.json()._id;
        // Past the span's announcement, so a second one would be an event of its own.
        for (let i = 0; i < 150 && !published.some((e) => e.type === "feed.changed" && e.feedPostId === id); i++) {
          await sleep(20);
        }
        expect(published.filter((e) => e.type === "feed.changed" && e.feedPostId === id)).toHaveLength(1);
        const again = await post(ada.cookie, { authorWallet: ada.wallet, text: "Sunset " }, pictures);
        expect(again.statusCode, again.body).toBe(200);
        expect(again.json()).toEqual(first.json());
        expect(again.json().mine).toBe(true);
        expect(await rowsOf(ada.wallet)).toHaveLength(1);
        await spanEnded();
        await sleep(100);
        expect(published.filter((e) => e.type === "feed.changed" && e.feedPostId === id)).toHaveLength(1);
      } finally {
        stop();
      }
    });

    it("the same post again after the instructor hid it is a new post, not the hidden one answered", async () => {
      const ada = await member("Hidden Hana");
      const picture = [{ bytes: await png("#e4f") }];
      const sent = await post(ada.cookie, { authorWallet: ada.wallet, text: "Hidden words" }, picture);
      expect(sent.statusCode, sent.body).toBe(200);
      const first = sent.json();
      await t.database.db
        .update(feedPosts)
        .set({ hidden: true })
        .where(eq(feedPosts.id, Number(first._id)));
      const again = await post(ada.cookie, { authorWallet: ada.wallet, text: "Hidden words" }, picture);
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json()._id).not.toBe(first._id);
      expect(await rowsOf(ada.wallet)).toHaveLength(2);
    });

    it("two copies sent at the same moment store one post, and both answer it", async () => {
      const ada = await member("Racing Rae");
      const picture = [{ bytes: await png("#c3d") }];
      const [a, b] = await Promise.all(
        [1, 2].map(() => post(ada.cookie, { authorWallet: ada.wallet, text: "Double click" }, picture)),
      );
      expect([a!.statusCode, b!.statusCode]).toEqual([200, 200]);
      expect(a!.json()._id).toBe(b!.json()._id);
      expect(await rowsOf(ada.wallet)).toHaveLength(1);
    });

    it("other text, other images, another author, or the window past: a new post", async () => {
      const ada = await member("Repeat Rita");
      const bea = await member("Other Olga");
      const red = { bytes: await png("#d00") };
      const blue = { bytes: await png("#00d") };
      const send = async (who: typeof ada, text: string, pictures: (typeof red)[]) => {
        const res = await post(who.cookie, { authorWallet: who.wallet, text }, pictures);
        expect(res.statusCode, res.body).toBe(200);
        return res.json()._id as string;
      };
      const first = await send(ada, "Mine", [red]);
      const ids = [
        first,
        await send(ada, "Mine too", [red]),
        await send(ada, "Mine", [blue]),
        await send(ada, "Mine", [red, blue]),
        await send(bea, "Mine", [red]),
      ];
      // The first was written just over a minute ago.
      await t.database.db
        .update(feedPosts)
        .set({ createdAt: new Date(Date.now() - 61_000) })
        .where(eq(feedPosts.id, Number(first)));
      ids.push(await send(ada, "Mine", [red]));
      expect(new Set(ids).size).toBe(6);
      expect(await rowsOf(ada.wallet)).toHaveLength(5);
    });
  });

  it("the admin sees every author and hides or shows a post; a hidden post leaves the Feed", async () => {
    const ada = await member("Hidden Hanna");
    const created = (
      await post(ada.cookie, { authorWallet: ada.wallet, text: "hide me" }, [{ bytes: await png("#fa0") }])
    ).json();
    await spanEnded();
    const listed = async () => (await list("?limit=50")).body.posts.map((p: { _id: string }) => p._id);
    expect(await listed()).toContain(created._id);
    const all = (await admin.get("feed")).json();
    expect(all.find((p: { _id: string }) => p._id === created._id)).toMatchObject({
      authorWallet: ada.wallet,
      authorName: "Hidden Hanna",
      hidden: false,
    });
    const hidden = await admin.post("/feed/hide", { feedPostId: created._id, hide: true });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json()).toMatchObject({ success: true, message: "Feed post hidden", post: { hidden: true } });
    expect(await listed()).not.toContain(created._id);
    // Its picture goes with it (before: still served, cacheable for a year), by any route; the admin's own
    // session still sees it, for the Feed tab, and no shared cache may keep that answer.
    const picture = (cookie?: string, route = "feed") =>
      t.app.inject({
        method: "GET",
        url: `/api/${route}/image/${created.images[0]}`,
        headers: cookie ? { cookie } : {},
      });
    expect((await picture()).statusCode).toBe(404);
    expect((await picture(ada.cookie)).statusCode).toBe(404);
    expect((await picture(undefined, "projects")).statusCode).toBe(404);
    expect((await picture(undefined, "profiles/photo")).statusCode).toBe(404);
    const forAdmin = await picture(await signIn(t, 0));
    expect([forAdmin.statusCode, forAdmin.headers["cache-control"]]).toEqual([200, "private, no-store"]);
    const shown = await admin.post("/feed/hide", { feedPostId: created._id, hide: false });
    expect(shown.json().message).toBe("Feed post unhidden");
    expect(await listed()).toContain(created._id);
    const again = await picture();
    expect([again.statusCode, again.headers["cache-control"]]).toEqual([200, "public, max-age=300"]);
    const revalidated = await t.app.inject({
      method: "GET",
      url: `/api/feed/image/${created.images[0]}`,
      headers: { "if-none-match": String(again.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(304);
    // As browsers and compressing proxies send it: weakened, or in a list.
    for (const header of [`W/${again.headers.etag}`, `"other", ${again.headers.etag}`]) {
      const weak = await t.app.inject({
        method: "GET",
        url: `/api/feed/image/${created.images[0]}`,
        headers: { "if-none-match": header },
      });
      expect([header, weak.statusCode]).toEqual([header, 304]);
    }
    expect((await admin.post("/feed/hide", { feedPostId: "999999999", hide: true })).statusCode).toBe(404);
  });

  it("a student whose Feed post is hidden is told, in their own notifications only", async () => {
    const ada = await member("Told Tessa");
    const ben = await member("Other Otto");
    const notificationsOf = async (cookie: string) => {
      const res = await t.app.inject({ method: "GET", url: "/api/notifications", headers: { cookie } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().notifications as { kind: string; text: string; link: string | null }[];
    };
    const withText = (
      await post(ada.cookie, { authorWallet: ada.wallet, text: "my  first\nsketch" }, [{ bytes: await png("#0af") }])
    ).json();
    const bare = (await post(ada.cookie, { authorWallet: ada.wallet }, [{ bytes: await png("#a0f") }])).json();
    expect((await admin.post("/feed/hide", { feedPostId: withText._id, hide: true })).statusCode).toBe(200);
    expect((await admin.post("/feed/hide", { feedPostId: bare._id, hide: true })).statusCode).toBe(200);
    // Showing it again tells nobody, as for forum posts.
    expect((await admin.post("/feed/hide", { feedPostId: bare._id, hide: false })).statusCode).toBe(200);
    const told = (await notificationsOf(ada.cookie)).filter((n) => n.kind === "feed_post_hidden");
    expect(told).toEqual([
      expect.objectContaining({ text: "One of your Feed posts was hidden by the instructor.", link: "/feed" }),
      expect.objectContaining({
        text: 'Your Feed post "my first sketch" was hidden by the instructor.',
        link: "/feed",
      }),
    ]);
    expect((await notificationsOf(ben.cookie)).filter((n) => n.kind === "feed_post_hidden")).toEqual([]);
  });
});
