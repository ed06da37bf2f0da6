/** The admin's side of the forum: hiding and showing a post, seen through the admin list and the forum. */
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { posts, profiles, votes } from "../../db/schema";
import { adminCalls } from "../../testing/admin";
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

describe.each(testDatabaseKinds())("admin posts on %s", (kind) => {
  let t: TestApp;
  let admin: ReturnType<typeof adminCalls>;
  const alice = () => chain.wallet(1).account.address.toLowerCase();
  const bob = () => chain.wallet(2).account.address.toLowerCase();
  let alicePost: string;
  let bobPost: string;
  beforeAll(async () => {
    t = await createTestApp(chain, kind);
    admin = adminCalls(t.app);
    const { db } = t.database;
    await db.insert(profiles).values([
      { wallet: alice(), name: "Alice", birthday: "2010-04-01", starSign: "Aries", photo: "alice.webp" },
      { wallet: bob(), name: "Bob", birthday: "2010-08-01", starSign: "Leo" },
    ]);
    const rows = await db
      .insert(posts)
      .values([
        { authorWallet: alice(), content: "Alice's post", upvotes: 1 },
        { authorWallet: bob(), content: "Bob's post" },
      ])
      .returning({ id: posts.id });
    alicePost = String(rows[0]!.id);
    bobPost = String(rows[1]!.id);
    await db.insert(votes).values({ postId: rows[0]!.id, wallet: bob(), type: "up" });
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string) => t.app.inject({ method: "GET", url } satisfies InjectOptions);

  it("hiding a post removes it from the forum; the admin still lists it with its author", async () => {
    const hidden = await admin.post("/posts/hide", { postId: alicePost, hide: true });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json()).toMatchObject({
      success: true,
      message: "Post hidden",
      post: { _id: alicePost, hidden: true },
    });
    const forum = (await get("/api/posts")).json().map((p: { _id: string }) => p._id);
    expect(forum).toEqual([bobPost]);
    const all = (await admin.get("posts")).json();
    expect(all).toHaveLength(2);
    expect(all.find((p: { _id: string }) => p._id === alicePost)).toEqual(
      expect.objectContaining({
        authorName: "Alice",
        authorPhoto: "alice.webp",
        hidden: true,
        upvotes: 1,
        votes: { [bob()]: "up" },
      }),
    );
    const shown = await admin.post("/posts/hide", { postId: alicePost, hide: false });
    expect(shown.json().message).toBe("Post unhidden");
    expect((await get("/api/posts")).json()).toHaveLength(2);
  });
});
