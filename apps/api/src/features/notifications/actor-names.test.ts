/**
 * Who did it is named as they are now: a classmate who renamed their profile is shown under the new name in the
 * notifications they caused before the rename too, as the forum shows them on their posts; one whose profile
 * is gone by their wallet, as the forum does. Each notification opens the thing it is about.
 */
import { NOTIFICATIONS_PAGE_SIZE, notificationLinks } from "@classcoin/shared/notifications";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notifications, posts, profiles } from "../../db/schema";
import { createTestApp, type TestApp } from "../../testing/app";
import { startTestChain, type TestChain } from "../../testing/chain";
import { testDatabaseKinds } from "../../testing/database";
import { newMember, type TestMember } from "../../testing/members";
import { multipartBody } from "../../testing/multipart";
import { waitFor } from "../../testing/transfers";

let chain: TestChain;
beforeAll(async () => {
  chain = await startTestChain();
});
afterAll(async () => {
  await chain?.stop();
});

interface Told {
  _id: string;
  kind: string;
  text: string;
  link: string | null;
  read: boolean;
}

describe.each(testDatabaseKinds())("notifications name who did it as they are now, on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(chain, kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const list = async (who: TestMember) => {
    const res = await t.app.inject({ method: "GET", url: "/api/notifications", headers: { cookie: who.cookie } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { notifications: Told[]; unread: number };
  };
  const send = (url: string, who: TestMember, payload: object) =>
    t.app.inject({ method: "POST", url, payload, headers: { cookie: who.cookie } });
  async function newPost(author: TestMember, content: string) {
    const [row] = await t.database.db
      .insert(posts)
      .values({ authorWallet: author.wallet, content })
      .returning({ id: posts.id });
    return String(row!.id);
  }
  /** The name the forum shows on the member's post. */
  async function forumName(postId: string) {
    const all = (await t.app.inject({ method: "GET", url: "/api/posts" })).json() as {
      _id: string;
      authorName: string;
    }[];
    return all.find((p) => p._id === postId)?.authorName;
  }
  async function rename(who: TestMember, name: string) {
    const body = await multipartBody({
      wallet: who.wallet,
      name,
      birthday: "2009-05-05",
      starSign: "Gemini",
      balance: "0",
    });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/profiles/update",
      payload: body.payload,
      headers: { ...body.headers, cookie: who.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  it("a classmate's vote and comment from before their rename carry the new name, and open the post and comment", async () => {
    const ada = await newMember(t, "Ada Told");
    const riley = await newMember(t, "Riley Nine");
    const postId = await newPost(ada, "Watercolour on cotton paper");
    const rileysPost = await newPost(riley, "Riley's own post");
    expect((await send("/api/posts/vote", riley, { postId, type: "up", voterWallet: riley.wallet })).statusCode).toBe(
      200,
    );
    const said = await send("/api/comments", riley, { postId, authorWallet: riley.wallet, text: "Lovely wash" });
    expect(said.statusCode, said.body).toBe(200);
    await waitFor(async () => (await list(ada)).notifications.length === 2, 5_000, "Ada's notifications");
    const before = (await list(ada)).notifications;
    expect(before.map((n) => n.text)).toEqual([
      'Riley Nine commented on your post "Watercolour on cotton paper": "Lovely wash"',
      'Riley Nine upvoted your post "Watercolour on cotton paper".',
    ]);
    expect(before.map((n) => n.link)).toEqual([
      notificationLinks.forum(postId, said.json()._id),
      notificationLinks.forum(postId),
    ]);

    await rename(riley, "Riley Ten");
    // Before: stored worded, the old name stayed in every notification Riley had caused.
    expect((await list(ada)).notifications.map((n) => n.text)).toEqual([
      'Riley Ten commented on your post "Watercolour on cotton paper": "Lovely wash"',
      'Riley Ten upvoted your post "Watercolour on cotton paper".',
    ]);
    expect(await forumName(rileysPost)).toBe("Riley Ten");

    // Archived by the instructor: the forum still shows the name on Riley's post, and so do the notifications.
    await t.database.db.update(profiles).set({ archived: true }).where(eq(profiles.wallet, riley.wallet));
    expect(await forumName(rileysPost)).toBe("Riley Ten");
    expect((await list(ada)).notifications[1]?.text).toBe('Riley Ten upvoted your post "Watercolour on cotton paper".');

    // No profile any more: the forum shows the wallet in the name's place, and so do the notifications.
    await t.database.db.delete(profiles).where(eq(profiles.wallet, riley.wallet));
    expect(await forumName(rileysPost)).toBe(riley.wallet);
    expect((await list(ada)).notifications[1]?.text).toBe(
      `${riley.wallet} upvoted your post "Watercolour on cotton paper".`,
    );
  });

  it("the list still answers the newest page, each with its actor's current name, and counts every unread one", async () => {
    const ben = await newMember(t, "Ben Many");
    const voters = await Promise.all(Array.from({ length: 3 }, (_, i) => newMember(t, `Voter ${i}`)));
    const extra = NOTIFICATIONS_PAGE_SIZE + 5;
    await t.database.db.insert(notifications).values(
      Array.from({ length: extra }, (_, i) => ({
        wallet: ben.wallet,
        kind: "vote",
        actorWallet: voters[i % 3]!.wallet,
        text: `upvoted your post "Post ${i}".`,
        link: notificationLinks.forum(i + 1),
        dedupeKey: `vote:${i + 1}:${voters[i % 3]!.wallet}`,
      })),
    );
    await rename(voters[0]!, "Voter Renamed");
    const { notifications: page, unread } = await list(ben);
    expect(page).toHaveLength(NOTIFICATIONS_PAGE_SIZE);
    expect(unread).toBe(extra);
    expect(page[0]?.text).toBe(
      `Voter ${(extra - 1) % 3 === 0 ? "Renamed" : (extra - 1) % 3} upvoted your post "Post ${extra - 1}".`,
    );
    expect(page.filter((n) => n.text.startsWith("Voter Renamed "))).toHaveLength(
      page.filter((_, i) => (extra - 1 - i) % 3 === 0).length,
    );
    expect(page.some((n) => n.text.startsWith("Voter 0 "))).toBe(false);
  });
});
