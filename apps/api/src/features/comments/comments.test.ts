/**
 * Comments under forum posts (issue 18): writing one (session, profile, 1–1000 characters), one level of
 * replies, votes (one per wallet), deleting one's own, the post's comment count, and the admin's hide/show.
 */
import { COMMENT_MAX_LENGTH } from "@classcoin/shared/constants";
import { messages } from "@classcoin/shared/messages";
import { eq, sql } from "drizzle-orm";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { comments, notifications, posts, profiles } from "../../db/schema";
import { adminCalls } from "../../testing/admin";
import { openTransactionOfAnotherInstance, settlesWithin } from "../../testing/another-instance";
import { createTestApp, type TestApp } from "../../testing/app";
import { startTestChain, type TestChain } from "../../testing/chain";
import { testDatabaseKinds } from "../../testing/database";
import { newMember } from "../../testing/members";
import { signIn } from "../../testing/sign-in";
import { waitFor } from "../../testing/transfers";

let chain: TestChain;
beforeAll(async () => {
  chain = await startTestChain();
});
afterAll(async () => {
  await chain?.stop();
});

interface CommentBody {
  _id: string;
  postId: string;
  parentCommentId: string | null;
  replyTo: { _id: string; authorName: string } | null;
  authorWallet: string;
  authorName: string;
  authorPhoto: string | null;
  text: string;
  upvotes: number;
  downvotes: number;
  votes: Record<string, "up" | "down">;
  hidden: boolean;
  deleted: boolean;
}

function newWallet() {
  const key = generatePrivateKey();
  return { key, address: privateKeyToAccount(key).address.toLowerCase() as `0x${string}` };
}

describe.each(testDatabaseKinds())("comments on %s", (kind) => {
  let t: TestApp;
  let admin: ReturnType<typeof adminCalls>;
  beforeAll(async () => {
    t = await createTestApp(chain, kind);
    admin = adminCalls(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A wallet with a profile (no coins: commenting needs only a profile) and a session cookie. */
  const member = async (name: string) => {
    const m = await newMember(t, name, { photo: `${name}.webp` });
    return { ...m, address: m.wallet };
  };

  async function newPost(author: string, hidden = false) {
    const [row] = await t.database.db
      .insert(posts)
      .values({ authorWallet: author, content: "A post to discuss", hidden })
      .returning({ id: posts.id });
    return String(row!.id);
  }

  const send = (url: string, cookie: string | undefined, payload: object) =>
    t.app.inject({ method: "POST", url, payload, headers: cookie ? { cookie } : {} });
  const comment = (cookie: string | undefined, payload: object) => send("/api/comments", cookie, payload);
  const vote = (cookie: string | undefined, payload: object) => send("/api/comments/vote", cookie, payload);
  const remove = (cookie: string | undefined, payload: object) => send("/api/comments/delete", cookie, payload);
  const list = async (postId: string): Promise<CommentBody[]> => {
    const res = await t.app.inject({ method: "GET", url: `/api/posts/${postId}/comments` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const commentCount = async (postId: string): Promise<number> => {
    const res = await t.app.inject({ method: "GET", url: "/api/posts?limit=100" });
    return res.json().find((p: { _id: string }) => p._id === postId).commentCount;
  };
  const countRows = async () => (await t.database.db.select({ id: comments.id }).from(comments)).length;
  const rowsOnPost = async (postId: string) =>
    t.database.db
      .select({ id: comments.id, text: comments.text })
      .from(comments)
      .where(eq(comments.postId, Number(postId)));

  it("a member with a profile comments; the comment carries the author's name and photo, and the post counts it", async () => {
    const ada = await member("Ada");
    const postId = await newPost(ada.address);
    expect(await commentCount(postId)).toBe(0);
    const res = await comment(ada.cookie, { postId, authorWallet: ada.address, text: "  Nice work!  " });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      _id: expect.stringMatching(/^\d+$/),
      postId,
      parentCommentId: null,
      replyTo: null,
      authorWallet: ada.address,
      authorName: "Ada",
      authorPhoto: "Ada.webp",
      text: "Nice work!",
      createdAt: expect.any(String),
      upvotes: 0,
      downvotes: 0,
      votes: {},
      hidden: false,
      deleted: false,
    });
    expect((await list(postId)).map((c) => c.text)).toEqual(["Nice work!"]);
    expect(await commentCount(postId)).toBe(1);
  });

  it("without a session the comment is refused with 401, as another wallet with 403, and nothing is written", async () => {
    const victim = await member("Vic");
    const mallory = await member("Mal");
    const postId = await newPost(victim.address);
    const before = await countRows();
    const anonymous = await comment(undefined, { postId, authorWallet: victim.address, text: "hi" });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error).toBe(messages.auth.required);
    const impersonated = await comment(mallory.cookie, { postId, authorWallet: victim.address, text: "hi" });
    expect(impersonated.statusCode).toBe(403);
    expect(impersonated.json().error).toBe(messages.auth.wrongWallet);
    expect(await countRows()).toBe(before);
  });

  it("without a profile, or with an archived one, every failing check is listed; 1000 characters pass, 1001 do not", async () => {
    const w = newWallet();
    const cookie = await signIn(t, w.key);
    const author = await member("Poster");
    const postId = await newPost(author.address);
    const refused = await comment(cookie, { postId, authorWallet: w.address, text: "   " });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([messages.comment.profile, messages.comment.empty]);

    const archie = await member("Archie");
    await t.database.db.update(profiles).set({ archived: true }).where(eq(profiles.wallet, archie.address));
    const archived = await comment(archie.cookie, { postId, authorWallet: archie.address, text: "still here?" });
    expect(archived.json().errors).toEqual([messages.comment.profile]);

    // Counted in code points: 1000 emoji are 1000 characters.
    const full = "🎨".repeat(COMMENT_MAX_LENGTH);
    const ok = await comment(author.cookie, { postId, authorWallet: author.address, text: full });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().text).toBe(full);
    const tooLong = await comment(author.cookie, { postId, authorWallet: author.address, text: `${full}!` });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors).toEqual([messages.comment.tooLong]);
  });

  it("a reply attaches to its comment, and a reply to a reply to the same top-level comment", async () => {
    const ada = await member("Ann");
    const bob = await member("Bob");
    const postId = await newPost(ada.address);
    const top = (await comment(ada.cookie, { postId, authorWallet: ada.address, text: "Top" })).json();
    const reply = await comment(bob.cookie, {
      postId,
      parentCommentId: top._id,
      authorWallet: bob.address,
      text: "Reply",
    });
    expect(reply.json().parentCommentId).toBe(top._id);
    const nested = await comment(ada.cookie, {
      postId,
      parentCommentId: reply.json()._id,
      authorWallet: ada.address,
      text: "Reply to the reply",
    });
    expect(nested.statusCode, nested.body).toBe(200);
    expect(nested.json().parentCommentId).toBe(top._id);
    // It keeps whom it answers (before: lost, the thread only said "under Top"); a direct reply has no one.
    expect(nested.json().replyTo).toEqual({ _id: reply.json()._id, authorName: "Bob" });
    expect((await list(postId)).map((c) => [c.text, c.parentCommentId, c.replyTo])).toEqual([
      ["Top", null, null],
      ["Reply", top._id, null],
      ["Reply to the reply", top._id, { _id: reply.json()._id, authorName: "Bob" }],
    ]);
    expect(await commentCount(postId)).toBe(3);

    // A parent on another post is refused, and nothing is written.
    const otherPost = await newPost(ada.address);
    const before = await countRows();
    const crossed = await comment(bob.cookie, {
      postId: otherPost,
      parentCommentId: top._id,
      authorWallet: bob.address,
      text: "wrong thread",
    });
    expect(crossed.statusCode).toBe(404);
    expect(crossed.json().error).toBe(messages.comment.parentNotFound);
    expect(await countRows()).toBe(before);
  });

  it("whom a reply answers is named by their current profile name, by no one once that reply is removed", async () => {
    const tom = await member("Tom");
    const una = await member("Una");
    const postId = await newPost(tom.address);
    const top = (await comment(tom.cookie, { postId, authorWallet: tom.address, text: "Thread" })).json();
    const answered = (
      await comment(una.cookie, { postId, parentCommentId: top._id, authorWallet: una.address, text: "Secret plan" })
    ).json();
    const answer = (
      await comment(tom.cookie, { postId, parentCommentId: answered._id, authorWallet: tom.address, text: "Hm." })
    ).json();
    const replyToOf = async (id: string) => (await list(postId)).find((c) => c._id === id)?.replyTo;
    await t.database.db.update(profiles).set({ name: "Una Renamed" }).where(eq(profiles.wallet, una.address));
    expect(await replyToOf(answer._id)).toEqual({ _id: answered._id, authorName: "Una Renamed" });

    expect((await admin.post("/comments/hide", { commentId: answered._id, hide: true })).statusCode).toBe(200);
    const publicView = await list(postId);
    expect(publicView.find((c) => c._id === answer._id)?.replyTo).toEqual({ _id: answered._id, authorName: "" });
    expect(JSON.stringify(publicView)).not.toContain("Una");
    expect(JSON.stringify(publicView)).not.toContain("Secret plan");
    await admin.post("/comments/hide", { commentId: answered._id, hide: false });
    expect((await remove(una.cookie, { commentId: answered._id, authorWallet: una.address })).statusCode).toBe(200);
    expect(await replyToOf(answer._id)).toEqual({ _id: answered._id, authorName: "" });

    // Removed outright (as a semester reset removes every comment): the reply stays, answering no one.
    await t.database.db.delete(comments).where(eq(comments.id, Number(answered._id)));
    expect(await replyToOf(answer._id)).toBeNull();
    // A post removed with replies answering replies takes them all (no reference left in the way).
    await comment(una.cookie, { postId, parentCommentId: answer._id, authorWallet: una.address, text: "Back" });
    await t.database.db.delete(posts).where(eq(posts.id, Number(postId)));
    expect(await rowsOnPost(postId)).toHaveLength(0);
  });

  it("a hidden or missing post has no comments to read or write", async () => {
    const ada = await member("Hedy");
    const hidden = await newPost(ada.address, true);
    for (const postId of [hidden, "999999999"]) {
      const read = await t.app.inject({ method: "GET", url: `/api/posts/${postId}/comments` });
      expect(read.statusCode).toBe(404);
      expect(read.json().error).toBe(messages.post.notFound);
      const write = await comment(ada.cookie, { postId, authorWallet: ada.address, text: "hello?" });
      expect(write.statusCode).toBe(404);
    }
  });

  it("a reply to a reply tells the author of the reply it answers, not the author of the thread", async () => {
    const ann = await member("Ann Post");
    const ben = await member("Ben Thread");
    const cleo = await member("Cleo Reply");
    const dan = await member("Dan Answer");
    const postId = await newPost(ann.address);
    const told = async (who: { cookie: string }) =>
      (
        (await t.app.inject({ method: "GET", url: "/api/notifications", headers: { cookie: who.cookie } })).json()
          .notifications as { kind: string; text: string }[]
      ).map((n) => [n.kind, n.text]);
    const thread = (await comment(ben.cookie, { postId, authorWallet: ben.address, text: "Which paper?" })).json();
    const toBen = (
      await comment(cleo.cookie, { postId, parentCommentId: thread._id, authorWallet: cleo.address, text: "Cotton" })
    ).json();
    await waitFor(async () => (await told(ben)).length === 1, 5_000, "Ben's notification");
    const toCleo = await comment(dan.cookie, {
      postId,
      parentCommentId: toBen._id,
      authorWallet: dan.address,
      text: "Cotton buckles less",
    });
    expect(toCleo.json().replyTo).toEqual({ _id: toBen._id, authorName: "Cleo Reply" });
    // Before: Cleo, whom Dan answered, was never told, and Ben was told Dan "replied to your comment" instead.
    await waitFor(async () => (await told(cleo)).length > 0, 5_000, "Cleo's notification");
    expect(await told(cleo)).toEqual([["reply", 'Dan Answer replied to your comment "Cotton": "Cotton buckles less"']]);
    expect(await told(ben)).toEqual([["reply", 'Cleo Reply replied to your comment "Which paper?": "Cotton"']]);
    await waitFor(async () => (await told(ann)).length === 3, 5_000, "Ann's notifications");
    expect((await told(ann)).map(([kind]) => kind)).toEqual(["comment", "comment", "comment"]);
  });

  it("a comment deleted by its author, or hidden by the instructor, leaves no copy of its words in others' notifications", async () => {
    const ann = await member("Ann Told");
    const ben = await member("Ben Regret");
    const cleo = await member("Cleo Rude");
    const postId = await newPost(ann.address);
    const told = async (who: { cookie: string }) =>
      (
        (await t.app.inject({ method: "GET", url: "/api/notifications", headers: { cookie: who.cookie } })).json()
          .notifications as { text: string }[]
      ).map((n) => n.text);
    const regret = (
      await comment(ben.cookie, { postId, authorWallet: ben.address, text: "my phone is 555-0199" })
    ).json();
    const rude = (
      await comment(cleo.cookie, { postId, parentCommentId: regret._id, authorWallet: cleo.address, text: "you idiot" })
    ).json();
    await waitFor(async () => (await told(ann)).length === 2 && (await told(ben)).length === 1, 5_000, "notifications");
    expect((await told(ann)).join()).toContain("555-0199");

    expect((await remove(ben.cookie, { commentId: regret._id, authorWallet: ben.address })).statusCode).toBe(200);
    // Before: the comment's text was erased from the forum and the database, but Ann's notification kept quoting it.
    expect((await told(ann)).join()).not.toContain("555-0199");
    expect(
      await t.database.db
        .select()
        .from(notifications)
        .where(sql`${notifications.wallet} <> ${ben.address} and ${notifications.text} like '%555-0199%'`),
    ).toEqual([]);

    expect((await admin.post("/comments/hide", { commentId: rude._id, hide: true })).statusCode).toBe(200);
    // Before: hidden from the forum, still in Ben's and Ann's notifications.
    expect((await told(ben)).join()).not.toContain("idiot");
    expect((await told(ann)).join()).not.toContain("idiot");
  });

  it.runIf(kind === "postgres")(
    "a comment deleted on another instance while its notifications are being written leaves no copy of its words",
    async () => {
      const ann = await member("Ann Raced");
      const ben = await member("Ben Raced");
      const postId = await newPost(ann.address);
      // Ben's comment, written; its instance has yet to store the notifications it causes.
      const [row] = await t.database.db
        .insert(comments)
        .values({ postId: Number(postId), authorWallet: ben.address, text: "call me at 555-0123" })
        .returning({ id: comments.id });
      const commentId = String(row!.id);
      // Ben deletes it through another instance (deleteComment's statements), not committed yet.
      const deleting = await openTransactionOfAnotherInstance(t.database.db, async (tx) => {
        await tx.update(comments).set({ deleted: true, text: "" }).where(eq(comments.id, row!.id));
        await tx.delete(notifications).where(eq(notifications.dedupeKey, `comment:${commentId}`));
      });
      try {
        const notifying = t.app.events.publish({
          type: "comment.changed",
          postId,
          created: { commentId, authorWallet: ben.address },
        });
        // Before: worded from the comment as committed, and stored after the delete had removed its notifications.
        expect(await settlesWithin(notifying, 500)).toBe(false);
        deleting.release();
        await deleting.done;
        await notifying;
      } finally {
        deleting.release();
      }
      expect(
        await t.database.db.select().from(notifications).where(sql`${notifications.text} like '%555-0123%'`),
      ).toEqual([]);
    },
  );

  it("votes: one per wallet, the same again keeps it, the other switches it; another wallet's session is refused", async () => {
    const ada = await member("Vera");
    const bob = await member("Vlad");
    const postId = await newPost(ada.address);
    const c = (await comment(ada.cookie, { postId, authorWallet: ada.address, text: "Vote me" })).json();
    const up = await vote(bob.cookie, { commentId: c._id, type: "up", voterWallet: bob.address });
    expect(up.json()).toMatchObject({ upvotes: 1, downvotes: 0, votes: { [bob.address]: "up" } });
    const again = await vote(bob.cookie, { commentId: c._id, type: "up", voterWallet: bob.address });
    expect(again.json()).toMatchObject({ upvotes: 1, downvotes: 0 });
    const down = await vote(bob.cookie, { commentId: c._id, type: "down", voterWallet: bob.address });
    expect(down.json()).toMatchObject({ upvotes: 0, downvotes: 1, votes: { [bob.address]: "down" } });
    const forged = await vote(bob.cookie, { commentId: c._id, type: "up", voterWallet: ada.address });
    expect(forged.statusCode).toBe(403);
    const anonymous = await vote(undefined, { commentId: c._id, type: "up", voterWallet: bob.address });
    expect(anonymous.statusCode).toBe(401);
    // Concurrent votes by many wallets: the counts are the votes recorded.
    const voters = await Promise.all(["a", "b", "c", "d", "e"].map((n) => member(`Voter ${n}`)));
    await Promise.all(
      voters.map((v, i) => vote(v.cookie, { commentId: c._id, type: i % 2 ? "down" : "up", voterWallet: v.address })),
    );
    const [stored] = (await list(postId)).filter((x) => x._id === c._id);
    expect(stored).toMatchObject({ upvotes: 3, downvotes: 3 });
    expect(Object.keys(stored!.votes)).toHaveLength(6);
  });

  it("deleting: only one's own; a deleted comment leaves the list, or stays blanked while it has replies", async () => {
    const ada = await member("Dora");
    const bob = await member("Dirk");
    const postId = await newPost(ada.address);
    const lonely = (await comment(ada.cookie, { postId, authorWallet: ada.address, text: "Lonely" })).json();
    const parent = (await comment(ada.cookie, { postId, authorWallet: ada.address, text: "Parent" })).json();
    await comment(bob.cookie, { postId, parentCommentId: parent._id, authorWallet: bob.address, text: "Child" });
    expect(await commentCount(postId)).toBe(3);

    const notMine = await remove(bob.cookie, { commentId: lonely._id, authorWallet: bob.address });
    expect(notMine.statusCode).toBe(403);
    expect(notMine.json().error).toBe(messages.comment.notYours);
    const forged = await remove(bob.cookie, { commentId: lonely._id, authorWallet: ada.address });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().error).toBe(messages.auth.wrongWallet);
    expect((await list(postId)).map((c) => c.text)).toContain("Lonely");

    for (const id of [lonely._id, parent._id]) {
      const res = await remove(ada.cookie, { commentId: id, authorWallet: ada.address });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ success: true });
    }
    const after = await list(postId);
    expect(after.map((c) => [c.text, c.deleted])).toEqual([
      ["", true],
      ["Child", false],
    ]);
    // The placeholder names no one: before, its author's name, wallet and photo were in the public answer.
    expect(after[0]).toMatchObject({ authorWallet: "", authorName: "", authorPhoto: null, votes: {} });
    expect(JSON.stringify(after[0])).not.toContain(ada.address);
    // The text is erased from the database, not only from the answer.
    const [row] = await t.database.db
      .select()
      .from(comments)
      .where(eq(comments.id, Number(parent._id)));
    expect(row?.text).toBe("");
    expect(await commentCount(postId)).toBe(1);
    // Deleted twice, voted on or replied to: gone.
    expect((await remove(ada.cookie, { commentId: parent._id, authorWallet: ada.address })).statusCode).toBe(404);
    expect((await vote(bob.cookie, { commentId: parent._id, type: "up", voterWallet: bob.address })).statusCode).toBe(
      404,
    );
    const reply = await comment(bob.cookie, {
      postId,
      parentCommentId: parent._id,
      authorWallet: bob.address,
      text: "Still there?",
    });
    expect(reply.statusCode).toBe(404);
  });

  it("comments deleted in bulk take no room in the list: a comment written after 1000 of them is shown", async () => {
    const ada = await member("Flood Fay");
    const bob = await member("Late Leo");
    const postId = await newPost(bob.address);
    // What a student leaves behind after writing 1000 comments on a post and deleting each (10 a minute).
    await t.database.db.insert(comments).values(
      Array.from({ length: 1000 }, () => ({
        postId: Number(postId),
        authorWallet: ada.address,
        text: "",
        deleted: true,
      })),
    );
    const res = await comment(bob.cookie, { postId, authorWallet: bob.address, text: "Anyone here?" });
    expect(res.statusCode, res.body).toBe(200);
    // Before: the list read the post's first 1000 rows, all deleted, so this comment (and every later one) was
    // stored and counted but shown to no one.
    expect((await list(postId)).map((c) => c.text)).toEqual(["Anyone here?"]);
    expect(await commentCount(postId)).toBe(1);
  });

  it("a post holding the most comments the list shows refuses one more with 409, instead of storing it unseen", async () => {
    const ada = await member("Full Flo");
    const postId = await newPost(ada.address);
    await t.database.db
      .insert(comments)
      .values(
        Array.from({ length: 1000 }, (_, i) => ({ postId: Number(postId), authorWallet: ada.address, text: `#${i}` })),
      );
    const before = (await rowsOnPost(postId)).length;
    const res = await comment(ada.cookie, { postId, authorWallet: ada.address, text: "One more" });
    // Before: 200, stored and counted, and missing from the list (which stops at 1000).
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error).toBe(messages.comment.full(1000));
    expect((await rowsOnPost(postId)).length).toBe(before);
    expect(await list(postId)).toHaveLength(1000);
  });

  it("the admin hides a comment (it leaves the forum, its replies stay under a blank placeholder) and shows it again", async () => {
    const ada = await member("Mona");
    const bob = await member("Moe");
    const postId = await newPost(ada.address);
    const rude = (await comment(bob.cookie, { postId, authorWallet: bob.address, text: "Rude remark" })).json();
    const beNice = (
      await comment(ada.cookie, { postId, parentCommentId: rude._id, authorWallet: ada.address, text: "Be nice" })
    ).json();

    const hidden = await admin.post("/comments/hide", { commentId: rude._id, hide: true });
    expect(hidden.statusCode, hidden.body).toBe(200);
    // Its thread takes no more replies, neither to it nor (before: accepted, under the hidden comment) to a reply.
    for (const parentCommentId of [rude._id, beNice._id]) {
      const reply = await comment(bob.cookie, { postId, parentCommentId, authorWallet: bob.address, text: "Again" });
      expect([reply.statusCode, reply.json().error]).toEqual([404, messages.comment.parentNotFound]);
    }
    expect(hidden.json()).toMatchObject({
      success: true,
      message: "Comment hidden",
      comment: { _id: rude._id, hidden: true, text: "Rude remark", postContent: "A post to discuss" },
    });
    const publicView = await list(postId);
    expect(publicView.map((c) => [c.text, c.hidden])).toEqual([
      ["", true],
      ["Be nice", false],
    ]);
    expect(JSON.stringify(publicView)).not.toContain("Rude remark");
    // Nor whose comment the instructor hid (before: "authorName":"Moe" and the wallet, in the public answer).
    expect(JSON.stringify(publicView[0])).not.toContain(bob.address);
    expect(publicView[0]?.authorName).toBe("");
    expect(await commentCount(postId)).toBe(1);

    const all = (await admin.get("comments")).json() as (CommentBody & { postContent: string })[];
    expect(all.find((c) => c._id === rude._id)).toMatchObject({ hidden: true, text: "Rude remark", authorName: "Moe" });

    const shown = await admin.post("/comments/hide", { commentId: rude._id, hide: false });
    expect(shown.json().message).toBe("Comment unhidden");
    expect((await list(postId)).map((c) => c.text)).toEqual(["Rude remark", "Be nice"]);

    const missing = await admin.post("/comments/hide", { commentId: "999999999", hide: true });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe(messages.comment.notFound);
  });

  describe("a double submit", () => {
    const announced: string[] = [];
    beforeAll(() => {
      t.app.events.onPublish(async (event) => {
        if (event.type === "comment.changed" && event.created) announced.push(event.created.commentId);
      });
    });

    it("the same comment again (a retry after a lost answer) answers the comment written, once stored and told", async () => {
      const ada = await member("Twice");
      const postId = await newPost(ada.address);
      const first = await comment(ada.cookie, { postId, authorWallet: ada.address, text: "Agreed!" });
      const again = await comment(ada.cookie, { postId, authorWallet: ada.address, text: "Agreed! " });
      expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
      expect(again.json()).toEqual(first.json());
      expect(await rowsOnPost(postId)).toHaveLength(1);
      expect(await commentCount(postId)).toBe(1);
      expect(announced.filter((id) => id === first.json()._id)).toHaveLength(1);
    });

    it("the same comment again after the instructor hid it is a new comment, not the hidden one answered", async () => {
      const ada = await member("Hidden");
      const postId = await newPost(ada.address);
      const first = (await comment(ada.cookie, { postId, authorWallet: ada.address, text: "rude" })).json();
      await t.database.db
        .update(comments)
        .set({ hidden: true })
        .where(eq(comments.id, Number(first._id)));
      const again = await comment(ada.cookie, { postId, authorWallet: ada.address, text: "rude" });
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json()._id).not.toBe(first._id);
      expect(again.json().hidden).toBe(false);
      expect(announced).toContain(again.json()._id);
    });

    it("two copies of a reply sent at the same moment store one reply, and both answer it", async () => {
      const ada = await member("Racer");
      const postId = await newPost(ada.address);
      const parent = (await comment(ada.cookie, { postId, authorWallet: ada.address, text: "Question?" })).json();
      const [a, b] = await Promise.all(
        [1, 2].map(() =>
          comment(ada.cookie, { postId, parentCommentId: parent._id, authorWallet: ada.address, text: "Answer." }),
        ),
      );
      expect([a!.statusCode, b!.statusCode]).toEqual([200, 200]);
      expect(a!.json()._id).toBe(b!.json()._id);
      expect(await rowsOnPost(postId)).toHaveLength(2);
      expect(announced.filter((id) => id === a!.json()._id)).toHaveLength(1);
    });

    it("the same words to two different replies of one thread are two replies, each answering its own", async () => {
      const cleo = await member("Cleo");
      const ana = await member("Ana Lee");
      const ben = await member("Ben Fox");
      const postId = await newPost(cleo.address);
      const top = (await comment(cleo.cookie, { postId, authorWallet: cleo.address, text: "Any tips?" })).json();
      const tip = async (m: typeof ana, text: string) =>
        (await comment(m.cookie, { postId, parentCommentId: top._id, authorWallet: m.address, text })).json();
      const fromAna = await tip(ana, "Use a wider brush.");
      const fromBen = await tip(ben, "Wet the paper first.");
      const thank = (to: string) =>
        comment(cleo.cookie, { postId, parentCommentId: to, authorWallet: cleo.address, text: "Thanks!" });
      const toAna = await thank(fromAna._id);
      const toBen = await thank(fromBen._id);
      expect([toAna.statusCode, toBen.statusCode]).toEqual([200, 200]);
      // Before: one row, the thanks to Ben answered with the thanks to Ana (same author, thread and words).
      expect(toBen.json()._id).not.toBe(toAna.json()._id);
      expect(announced).toEqual(expect.arrayContaining([toAna.json()._id, toBen.json()._id]));
      const thanks = (await list(postId)).filter((c) => c.text === "Thanks!");
      expect(thanks.map((c) => [c.parentCommentId, c.replyTo])).toEqual([
        [top._id, { _id: fromAna._id, authorName: "Ana Lee" }],
        [top._id, { _id: fromBen._id, authorName: "Ben Fox" }],
      ]);
      expect(await rowsOnPost(postId)).toHaveLength(5);

      // A true double submit to the same reply is still one, twice in a row or at the same moment.
      const again = await thank(fromBen._id);
      expect(again.json()).toEqual(toBen.json());
      const [a, b] = await Promise.all([thank(fromAna._id), thank(fromAna._id)]);
      expect([a!.json()._id, b!.json()._id]).toEqual([toAna.json()._id, toAna.json()._id]);
      expect(await rowsOnPost(postId)).toHaveLength(5);
      // Nor is a direct reply to the thread's comment the same as a reply to one of its replies.
      const direct = await comment(cleo.cookie, {
        postId,
        parentCommentId: top._id,
        authorWallet: cleo.address,
        text: "Thanks!",
      });
      expect(direct.json()).toMatchObject({ parentCommentId: top._id, replyTo: null });
      expect(await rowsOnPost(postId)).toHaveLength(6);
    });

    it("other text, another post or parent, a deleted first one, or the window past: a new comment", async () => {
      const ada = await member("Repeat");
      const postId = await newPost(ada.address);
      const otherPost = await newPost(ada.address);
      const send = (payload: object) => comment(ada.cookie, { postId, authorWallet: ada.address, ...payload });
      const first = (await send({ text: "+1" })).json();
      const ids = [
        first._id,
        (await send({ text: "+2" })).json()._id,
        (await send({ postId: otherPost, text: "+1" })).json()._id,
        (await send({ parentCommentId: first._id, text: "+1" })).json()._id,
      ];
      expect(new Set(ids).size).toBe(4);
      // Deleted by its author, the same words again are meant as a new comment.
      expect((await remove(ada.cookie, { commentId: ids[1], authorWallet: ada.address })).statusCode).toBe(200);
      ids.push((await send({ text: "+2" })).json()._id);
      // The first was written just over a minute ago.
      await t.database.db
        .update(comments)
        .set({ createdAt: sql`now() - interval '61 seconds'` })
        .where(eq(comments.id, Number(first._id)));
      const later = await send({ text: "+1" });
      expect(later.statusCode).toBe(200);
      ids.push(later.json()._id);
      expect(new Set(ids).size).toBe(6);
      expect(await rowsOnPost(postId)).toHaveLength(5);
      expect(announced).toEqual(expect.arrayContaining(ids));
    });
  });

  it.runIf(kind === "postgres")(
    "a comment on a post removed meanwhile (a semester reset on another instance) is a 409, not a 500",
    async () => {
      const ada = await member("Gone Gina");
      const postId = await newPost(ada.address);
      const removing = await openTransactionOfAnotherInstance(t.database.db, async (tx) => {
        await tx.delete(posts).where(eq(posts.id, Number(postId)));
      });
      try {
        const late = comment(ada.cookie, { postId, authorWallet: ada.address, text: "Still there?" });
        expect(await settlesWithin(late, 300)).toBe(false);
        removing.release();
        await removing.done;
        const res = await late;
        // Before: 500 "Something went wrong on the server" (the foreign key's violation).
        expect([res.statusCode, res.json().error]).toEqual([409, messages.input.goneMeanwhile]);
      } finally {
        removing.release();
      }
    },
  );
});
