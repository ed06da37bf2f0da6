import { messages } from "@classcoin/shared/messages";
import { and, eq, inArray, sql } from "drizzle-orm";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lockAuthorSubmissions } from "../../db/double-submit";
import { queryRows } from "../../db/raw-rows";
import { comments, posts, profiles, settings, votes, whitelist } from "../../db/schema";
import { openTransactionOfAnotherInstance, settlesWithin } from "../../testing/another-instance";
import { createTestApp, type TestApp } from "../../testing/app";
import { startTestChain, type TestChain } from "../../testing/chain";
import { testDatabaseKinds } from "../../testing/database";
import { signIn } from "../../testing/sign-in";

let chain: TestChain;
beforeAll(async () => {
  chain = await startTestChain();
});
afterAll(async () => {
  await chain?.stop();
});

interface PostBody {
  _id: string;
  authorWallet: string;
  content: string;
  upvotes: number;
  downvotes: number;
  votes: Record<string, "up" | "down">;
  authorName: string;
  authorPhoto: string | null;
  hidden: boolean;
  createdAt: string;
}

/** A fresh wallet (no coins, no profile) with its key. */
function newWallet() {
  const key = generatePrivateKey();
  return { key, address: privateKeyToAccount(key).address.toLowerCase() as `0x${string}` };
}

describe.each(testDatabaseKinds())("forum on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(chain, kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function addProfile(wallet: string, name: string, photo: string | null = null) {
    // Profiles are the profile feature's; here they only need to exist.
    await t.database.db.insert(profiles).values({ wallet, name, birthday: "2008-04-01", starSign: "Leo", photo });
  }

  /** A wallet with a profile, `cc` CC on chain and a session cookie. */
  async function member(name: string, cc = 5) {
    const w = newWallet();
    await addProfile(w.address, name, `${name.toLowerCase()}.webp`);
    if (cc > 0) await chain.fund(w.address, cc);
    return { ...w, cookie: await signIn(t, w.key) };
  }

  const post = (cookie: string | undefined, payload: object) =>
    t.app.inject({ method: "POST", url: "/api/posts", payload, headers: cookie ? { cookie } : {} });
  const vote = (cookie: string | undefined, payload: object) =>
    t.app.inject({ method: "POST", url: "/api/posts/vote", payload, headers: cookie ? { cookie } : {} });
  const list = async (query = ""): Promise<PostBody[]> => {
    const res = await t.app.inject({ method: "GET", url: `/api/posts${query}` });
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const countPosts = async () => (await t.database.db.select({ id: posts.id }).from(posts)).length;

  it("a member with a profile and coins posts; the post carries the author's name and photo", async () => {
    const ada = await member("Ada");
    const res = await post(ada.cookie, {
      authorWallet: ada.address.toUpperCase().replace("0X", "0x"),
      content: "  Hello class!  ",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      _id: expect.stringMatching(/^\d+$/),
      authorWallet: ada.address,
      content: "Hello class!",
      createdAt: expect.any(String),
      upvotes: 0,
      downvotes: 0,
      votes: {},
      hidden: false,
      authorName: "Ada",
      authorPhoto: "ada.webp",
      commentCount: 0,
    });
    expect((await list()).map((p) => p._id)).toContain(res.json()._id);
  });

  it("a post without a session is refused with 401 and nothing is written", async () => {
    const ada = await member("Ann");
    const before = await countPosts();
    const res = await post(undefined, { authorWallet: ada.address, content: "sneaky" });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe(messages.auth.required);
    expect(await countPosts()).toBe(before);
  });

  it("a post as another wallet is refused with 403 and nothing is written", async () => {
    const victim = await member("Vic");
    const mallory = await member("Mal");
    const before = await countPosts();
    const res = await post(mallory.cookie, { authorWallet: victim.address, content: "impersonation" });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe(messages.auth.wrongWallet);
    expect(await countPosts()).toBe(before);
  });

  it("without a profile and coins every failing check is listed in the spec's words", async () => {
    const w = newWallet();
    const cookie = await signIn(t, w.key);
    const before = await countPosts();
    const res = await post(cookie, { authorWallet: w.address, content: "   " });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([messages.post.profile, messages.post.balance, messages.post.empty]);
    expect(await countPosts()).toBe(before);
  });

  it("a profile without coins is refused; once 1 CC arrives on chain the same post goes through", async () => {
    const w = newWallet();
    await addProfile(w.address, "Broke");
    const cookie = await signIn(t, w.key);
    const refused = await post(cookie, { authorWallet: w.address, content: "first!" });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([messages.post.balance]);
    await chain.fund(w.address, 1);
    const accepted = await post(cookie, { authorWallet: w.address, content: "first!" });
    expect(accepted.statusCode).toBe(200);
  });

  it("coins without a profile are refused with the profile message", async () => {
    const w = newWallet();
    await chain.fund(w.address, 3);
    const cookie = await signIn(t, w.key);
    const res = await post(cookie, { authorWallet: w.address, content: "hi" });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([messages.post.profile]);
  });

  it("an archived profile counts as no profile", async () => {
    const m = await member("Archie");
    await t.database.db.update(profiles).set({ archived: true }).where(eq(profiles.wallet, m.address));
    const res = await post(m.cookie, { authorWallet: m.address, content: "still here?" });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([messages.post.profile]);
  });

  it("content is 1-2000 characters after trimming", async () => {
    const m = await member("Len");
    const empty = await post(m.cookie, { authorWallet: m.address, content: "\n \t " });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual([messages.post.empty]);
    const long = await post(m.cookie, { authorWallet: m.address, content: "x".repeat(2001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors).toEqual([messages.post.tooLong]);
    const max = await post(m.cookie, { authorWallet: m.address, content: ` ${"y".repeat(2000)} ` });
    expect(max.statusCode).toBe(200);
    expect(max.json().content).toHaveLength(2000);
  });

  it("the list shows visible posts newest first, pages with limit and before, and hides hidden posts", async () => {
    const m = await member("Pat");
    const ids: string[] = [];
    for (const content of ["one", "two", "three", "four"]) {
      const res = await post(m.cookie, { authorWallet: m.address, content });
      ids.push(res.json()._id);
    }
    await t.database.db
      .update(posts)
      .set({ hidden: true })
      .where(eq(posts.id, Number(ids[2])));

    const all = await list();
    const mine = all.filter((p) => p.authorWallet === m.address).map((p) => p.content);
    expect(mine).toEqual(["four", "two", "one"]);
    expect(all.map((p) => Number(p._id))).toEqual([...all.map((p) => Number(p._id))].sort((a, b) => b - a));
    expect(all.every((p) => p.hidden === false)).toBe(true);

    const first = await list("?limit=1");
    expect(first.map((p) => p.content)).toEqual(["four"]);
    const next = await list(`?limit=2&before=${ids[3]}`);
    expect(next.map((p) => p.content)).toEqual(["two", "one"]);
    const bad = await t.app.inject({ method: "GET", url: "/api/posts?limit=0" });
    expect(bad.statusCode).toBe(400);
  });

  it("without `limit` the list has every visible post, as the spec's client expects; with it, pages", async () => {
    const w = newWallet();
    await t.database.db
      .insert(posts)
      .values(Array.from({ length: 120 }, (_, i) => ({ authorWallet: w.address, content: `old ${i}` })));
    // Before: the newest 50 only, so /forum could never show the older ones.
    const all = await list();
    expect(all.filter((p) => p.authorWallet === w.address)).toHaveLength(120);
    const visible = await t.database.db.select({ id: posts.id }).from(posts).where(eq(posts.hidden, false));
    expect(all).toHaveLength(visible.length);
    const page = await list("?limit=31");
    expect(page.map((p) => p._id)).toEqual(all.slice(0, 31).map((p) => p._id));
    expect((await list(`?limit=31&before=${page[30]!._id}`)).map((p) => p._id)).toEqual(
      all.slice(31, 62).map((p) => p._id),
    );
    // After `before` without `limit`: one page of at most 100, not the rest of the table (each `before` is
    // another cache key, so that was a whole-table read anyone could repeat).
    expect((await list(`?before=${all[0]!._id}`)).map((p) => p._id)).toEqual(all.slice(1, 101).map((p) => p._id));
  });

  it("a post whose author has no profile any more shows the wallet as the author name", async () => {
    const w = newWallet();
    await t.database.db.insert(posts).values({ authorWallet: w.address, content: "orphan" });
    const orphan = (await list()).find((p) => p.content === "orphan");
    expect(orphan).toMatchObject({ authorName: w.address, authorPhoto: null });
  });

  describe("votes", () => {
    let target: PostBody;
    beforeAll(async () => {
      const author = await member("Author");
      target = (await post(author.cookie, { authorWallet: author.address, content: "vote on me" })).json();
    });

    it("a vote needs only a signed-in wallet (spec §6), not a profile or coins; keyed by the lowercased address", async () => {
      const w = newWallet();
      const cookie = await signIn(t, w.key);
      const mixedCase = privateKeyToAccount(w.key).address;
      const before = (await list()).find((p) => p._id === target._id)!;
      const res = await vote(cookie, { postId: target._id, type: "up", voterWallet: mixedCase });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        _id: target._id,
        upvotes: before.upvotes + 1,
        downvotes: before.downvotes,
        votes: { [w.address]: "up" },
      });
    });

    it("while whitelist mode is on, only class members vote: listed or with an active profile; an outsider changes nothing", async () => {
      await t.database.db.insert(settings).values({ key: "whitelistMode", value: true });
      try {
        const outsider = newWallet();
        const cookie = await signIn(t, outsider.key);
        const before = (await list()).find((p) => p._id === target._id)!;
        const refused = await vote(cookie, { postId: target._id, type: "down", voterWallet: outsider.address });
        // Before: 200, and any wallet on the internet swayed a closed class's forum.
        expect([refused.statusCode, refused.json().errors]).toEqual([400, [messages.vote.classMembersOnly]]);
        expect((await list()).find((p) => p._id === target._id)).toEqual(before);

        // Listed on the roster, no profile yet: a class member.
        await t.database.db.insert(whitelist).values({ wallet: outsider.address, notes: "" });
        const listed = await vote(cookie, { postId: target._id, type: "down", voterWallet: outsider.address });
        expect(listed.statusCode, listed.body).toBe(200);

        // A profile holder not on the list (existing profiles keep access, spec §4); archived, refused.
        const holder = await member("Holder", 0);
        const ok = await vote(holder.cookie, { postId: target._id, type: "up", voterWallet: holder.address });
        expect(ok.statusCode, ok.body).toBe(200);
        await t.database.db.update(profiles).set({ archived: true }).where(eq(profiles.wallet, holder.address));
        const archived = await vote(holder.cookie, { postId: target._id, type: "down", voterWallet: holder.address });
        expect(archived.statusCode).toBe(400);
        expect((await list()).find((p) => p._id === target._id)?.votes[holder.address]).toBe("up");
      } finally {
        await t.database.db.delete(settings).where(eq(settings.key, "whitelistMode"));
      }
    });

    it("voting the same option again keeps it; switching moves the count", async () => {
      const m = await member("Switcher", 0);
      const send = (type: string) => vote(m.cookie, { postId: target._id, type, voterWallet: m.address });
      const before = (await list()).find((p) => p._id === target._id)!;

      const up = (await send("up")).json();
      expect(up).toMatchObject({ upvotes: before.upvotes + 1, downvotes: before.downvotes });
      const again = (await send("up")).json();
      expect(again).toMatchObject({ upvotes: before.upvotes + 1, downvotes: before.downvotes });
      expect(again.votes[m.address]).toBe("up");

      const down = (await send("down")).json();
      expect(down).toMatchObject({ upvotes: before.upvotes, downvotes: before.downvotes + 1 });
      expect(down.votes[m.address]).toBe("down");

      const listed = (await list()).find((p) => p._id === target._id)!;
      expect(listed).toMatchObject({ upvotes: down.upvotes, downvotes: down.downvotes, votes: down.votes });
    });

    it("a vote without a session (401) or as another wallet (403) changes nothing", async () => {
      const victim = newWallet();
      const mallory = await member("Mallory", 0);
      const before = (await list()).find((p) => p._id === target._id)!;
      const anonymous = await vote(undefined, { postId: target._id, type: "down", voterWallet: victim.address });
      expect(anonymous.statusCode).toBe(401);
      const forged = await vote(mallory.cookie, { postId: target._id, type: "down", voterWallet: victim.address });
      expect(forged.statusCode).toBe(403);
      const after = (await list()).find((p) => p._id === target._id)!;
      expect(after).toEqual(before);
    });

    it("voting on an unknown or hidden post answers 404", async () => {
      const m = await member("Nobody", 0);
      const unknown = await vote(m.cookie, { postId: "999999999", type: "up", voterWallet: m.address });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().error).toBe(messages.post.notFound);

      const [hidden] = await t.database.db
        .insert(posts)
        .values({ authorWallet: m.address, content: "hidden", hidden: true })
        .returning({ id: posts.id });
      const res = await vote(m.cookie, { postId: String(hidden!.id), type: "up", voterWallet: m.address });
      expect(res.statusCode).toBe(404);
      expect(await t.database.db.select().from(votes).where(eq(votes.postId, hidden!.id))).toEqual([]);
    });

    it("an invalid vote type or post id is refused with 400", async () => {
      const m = await member("Typo", 0);
      const res = await vote(m.cookie, { postId: target._id, type: "sideways", voterWallet: m.address });
      expect(res.statusCode).toBe(400);
      const badId = await vote(m.cookie, { postId: "abc", type: "up", voterWallet: m.address });
      expect(badId.statusCode).toBe(400);
    });

    it("50 wallets voting at once, some switching, leave counts equal to the votes map", async () => {
      const author = await member("Popular");
      const fresh: PostBody = (await post(author.cookie, { authorWallet: author.address, content: "busy" })).json();
      const voters = Array.from({ length: 50 }, () => newWallet());
      await Promise.all(voters.map((v, i) => addProfile(v.address, `Voter ${i}`, `v${i}.webp`)));
      const cookies = await Promise.all(voters.map((v) => signIn(t, v.key)));
      const requests = voters.flatMap((v, i) => {
        const first = i % 3 === 0 ? "down" : "up";
        const send = (type: string) => vote(cookies[i], { postId: fresh._id, type, voterWallet: v.address });
        // Every fifth wallet also switches, racing its own first vote.
        return i % 5 === 0 ? [send(first), send(first === "up" ? "down" : "up")] : [send(first)];
      });
      const responses = await Promise.all(requests);
      expect(responses.map((r) => r.statusCode).every((s) => s === 200)).toBe(true);
      for (const r of responses) {
        const p: PostBody = r.json();
        const values = Object.values(p.votes);
        expect(p.upvotes).toBe(values.filter((v) => v === "up").length);
        expect(p.downvotes).toBe(values.filter((v) => v === "down").length);
      }

      const listed = (await list()).find((p) => p._id === fresh._id)!;
      expect(Object.keys(listed.votes).sort()).toEqual(voters.map((v) => v.address).sort());
      const values = Object.values(listed.votes);
      expect(listed.upvotes).toBe(values.filter((v) => v === "up").length);
      expect(listed.downvotes).toBe(values.filter((v) => v === "down").length);
      expect(listed.upvotes + listed.downvotes).toBe(50);
      // Wallets that did not switch kept their one choice.
      voters.forEach((v, i) => {
        if (i % 5 !== 0) expect(listed.votes[v.address]).toBe(i % 3 === 0 ? "down" : "up");
      });
    });

    it("the votes map and comment count stored on each post equal a recount after bulk writes of every kind", async () => {
      const author = await member("Bulk");
      const created = await Promise.all(
        [1, 2, 3].map(async (n) =>
          (await post(author.cookie, { authorWallet: author.address, content: `bulk ${n}` })).json(),
        ),
      );
      const ids = created.map((p: PostBody) => Number(p._id));
      const wallets = Array.from({ length: 12 }, () => newWallet().address);
      const db = t.database.db;
      // Written straight to the tables, several posts per statement, as a bulk load or a reset would.
      await db
        .insert(votes)
        .values(
          ids.flatMap((postId, p) =>
            wallets.map((wallet, w) => ({ postId, wallet, type: (w + p) % 3 ? "up" : "down" }) as const),
          ),
        );
      await db
        .update(votes)
        .set({ type: "down" })
        .where(inArray(votes.wallet, wallets.slice(0, 4)));
      await db
        .delete(votes)
        .where(and(inArray(votes.wallet, wallets.slice(3, 6)), inArray(votes.postId, ids.slice(1))));
      await db.insert(comments).values(
        ids.flatMap((postId) =>
          Array.from({ length: 6 }, (_, i) => ({
            postId,
            authorWallet: author.address,
            text: `c${i}`,
            hidden: i === 4,
            deleted: i === 5,
          })),
        ),
      );
      await db
        .update(comments)
        .set({ hidden: true })
        .where(and(eq(comments.postId, ids[0]!), eq(comments.text, "c0")));
      await db.update(comments).set({ hidden: false }).where(eq(comments.text, "c4"));
      await db.update(comments).set({ upvotes: 3 }).where(inArray(comments.postId, ids));
      await db.delete(comments).where(and(eq(comments.postId, ids[2]!), inArray(comments.text, ["c1", "c2"])));
      // Twenty comments on one post at once: the deltas add up rather than overwrite each other.
      await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          db.insert(comments).values({ postId: ids[1]!, authorWallet: author.address, text: `race ${i}` }),
        ),
      );

      const recount = async () => {
        const rows = await queryRows<{
          id: number;
          stored: Record<string, string>;
          counted: Record<string, string>;
          shown: number;
          kept: number;
        }>(
          db,
          sql`SELECT p.id::int AS id, p.votes_map AS stored, p.comment_count AS kept,
                coalesce((SELECT jsonb_object_agg(v.wallet, v.type) FROM votes v WHERE v.post_id = p.id), '{}'::jsonb) AS counted,
                (SELECT count(*)::int FROM comments c WHERE c.post_id = p.id AND NOT c.hidden AND NOT c.deleted) AS shown
              FROM posts p WHERE p.id IN ${ids}`,
        );
        for (const row of rows) {
          expect(row.stored).toEqual(row.counted);
          expect(row.kept).toBe(row.shown);
        }
        // In the order of `ids`, whatever order the statement returned them in.
        return ids.map((id) => rows.find((r) => r.id === id)!);
      };
      const rows = await recount();
      expect(rows.map((r) => r.kept)).toEqual([4, 25, 3]);
      expect(Object.keys(rows[0]!.stored)).toHaveLength(12);
      expect(Object.keys(rows[1]!.stored)).toHaveLength(9);
      const listed = (await list()).filter((p) => ids.includes(Number(p._id)));
      for (const p of listed) {
        const row = rows.find((r) => r.id === Number(p._id))!;
        expect(p.votes).toEqual(row.counted);
        expect((p as PostBody & { commentCount: number }).commentCount).toBe(row.shown);
      }

      await db.delete(comments).where(inArray(comments.postId, ids));
      await db.delete(votes).where(inArray(votes.postId, ids));
      expect((await recount()).every((r) => r.kept === 0 && Object.keys(r.stored).length === 0)).toBe(true);
    });
  });

  describe("a double submit", () => {
    const announced: string[] = [];
    beforeAll(() => {
      t.app.events.onPublish(async (event) => {
        if (event.type === "post.created") announced.push(event.postId);
      });
    });
    const rowsOf = (wallet: string) =>
      t.database.db.select({ id: posts.id, content: posts.content }).from(posts).where(eq(posts.authorWallet, wallet));

    it("the same post again (a retry after a lost answer) answers the post written, once stored and announced", async () => {
      const ada = await member("Twice");
      const first = await post(ada.cookie, { authorWallet: ada.address, content: "Is the quiz on Friday?" });
      const again = await post(ada.cookie, { authorWallet: ada.address, content: "  Is the quiz on Friday?" });
      expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
      expect(again.json()).toEqual(first.json());
      expect(await rowsOf(ada.address)).toHaveLength(1);
      expect(announced.filter((id) => id === first.json()._id)).toHaveLength(1);
    });

    it("two copies sent at the same moment store one post, and both answer it", async () => {
      const ada = await member("Racer");
      const [a, b] = await Promise.all(
        [1, 2].map(() => post(ada.cookie, { authorWallet: ada.address, content: "Double click" })),
      );
      expect([a!.statusCode, b!.statusCode]).toEqual([200, 200]);
      expect(a!.json()._id).toBe(b!.json()._id);
      expect(await rowsOf(ada.address)).toHaveLength(1);
      expect(announced.filter((id) => id === a!.json()._id)).toHaveLength(1);
    });

    it("other content, or the same after the window, is a new post; another author's same words are theirs", async () => {
      const ada = await member("Repeat");
      const bea = await member("Echo");
      const send = (who: typeof ada, content: string) => post(who.cookie, { authorWallet: who.address, content });
      const first = (await send(ada, "Same words")).json();
      expect((await send(ada, "Other words")).json()._id).not.toBe(first._id);
      expect((await send(bea, "Same words")).json()._id).not.toBe(first._id);
      // The first was written just over a minute ago.
      await t.database.db
        .update(posts)
        .set({ createdAt: sql`now() - interval '61 seconds'` })
        .where(eq(posts.id, Number(first._id)));
      const later = await send(ada, "Same words");
      expect(later.statusCode).toBe(200);
      expect(later.json()._id).not.toBe(first._id);
      expect((await rowsOf(ada.address)).map((r) => r.content).sort()).toEqual([
        "Other words",
        "Same words",
        "Same words",
      ]);
      expect(announced).toContain(later.json()._id);
    });

    it("the same post again after the instructor hid it is a new post, not the hidden one answered as if posted", async () => {
      const ada = await member("Hidden");
      const first = (await post(ada.cookie, { authorWallet: ada.address, content: "Rude words" })).json();
      await t.database.db
        .update(posts)
        .set({ hidden: true })
        .where(eq(posts.id, Number(first._id)));
      const again = await post(ada.cookie, { authorWallet: ada.address, content: "Rude words" });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({ hidden: false });
      expect(again.json()._id).not.toBe(first._id);
      expect(announced).toContain(again.json()._id);
    });

    it("a double submit meets the same checks: an author archived meanwhile is refused, not answered the post", async () => {
      const ada = await member("Archived");
      expect((await post(ada.cookie, { authorWallet: ada.address, content: "Before" })).statusCode).toBe(200);
      await t.database.db.update(profiles).set({ archived: true }).where(eq(profiles.wallet, ada.address));
      const again = await post(ada.cookie, { authorWallet: ada.address, content: "Before" });
      expect([again.statusCode, again.json().errors]).toEqual([400, [messages.post.profile]]);
    });

    it.runIf(kind === "postgres")(
      "a copy arriving while another instance is still writing the first waits for it and answers it",
      async () => {
        const ada = await member("Instances");
        let firstId = 0;
        const writing = await openTransactionOfAnotherInstance(t.database.db, async (tx) => {
          await lockAuthorSubmissions(tx, ada.address);
          const [row] = await tx
            .insert(posts)
            .values({ authorWallet: ada.address, content: "Both at once" })
            .returning({ id: posts.id });
          firstId = row!.id;
        });
        try {
          const copy = post(ada.cookie, { authorWallet: ada.address, content: "Both at once" });
          expect(await settlesWithin(copy, 300)).toBe(false);
          writing.release();
          await writing.done;
          const res = await copy;
          expect([res.statusCode, res.json()._id]).toEqual([200, String(firstId)]);
          expect(await rowsOf(ada.address)).toHaveLength(1);
        } finally {
          writing.release();
        }
      },
    );
  });

  describe("rate limits", () => {
    let limited: TestApp;
    beforeAll(async () => {
      limited = await createTestApp(chain, kind, { RATE_LIMIT: "true" });
    });
    afterAll(async () => {
      await limited?.close();
    });

    it("a second post within 5 seconds from one wallet answers 429 with Retry-After and is not written", async () => {
      const w = newWallet();
      await limited.database.db
        .insert(profiles)
        .values({ wallet: w.address, name: "Fast", birthday: "2008-01-01", starSign: "Aries" });
      await chain.fund(w.address, 2);
      const cookie = await signIn(limited, w.key);
      const send = (content: string) =>
        limited.app.inject({
          method: "POST",
          url: "/api/posts",
          payload: { authorWallet: w.address, content },
          headers: { cookie },
        });
      expect((await send("one")).statusCode).toBe(200);
      const second = await send("two");
      expect(second.statusCode).toBe(429);
      expect(Number(second.headers["retry-after"])).toBeGreaterThan(0);
      expect(second.json().error).toMatch(/Too many requests/);
      const rows = await limited.database.db.select().from(posts).where(eq(posts.authorWallet, w.address));
      expect(rows.map((r) => r.content)).toEqual(["one"]);
    });
  });
});
