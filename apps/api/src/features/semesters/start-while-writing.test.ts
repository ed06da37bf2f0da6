/**
 * "Start new semester" while students are still writing, on another instance of one PostgreSQL: the start is one
 * transaction of statements, each reading the class as committed when it runs (READ COMMITTED). A write
 * committed while the start ran landed between them: a post written after the archive was taken and before the
 * posts were deleted was in neither (lost), one written after the delete stayed in the new semester under a
 * profile the start deleted, and a tip recorded while the start ran made its delete of the projects fail on
 * the tip's foreign key (the admin's start was refused: "What this refers to was removed while it was being
 * saved"). Now the start holds the class's tables still: a write under way
 * finishes first and is archived and cleared with the rest (its leaderboard too), and a later one waits for
 * the new semester.
 */
import type { Archive, ArchiveSummary } from "@classcoin/shared/semesters";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { lockAuthorSubmissions } from "../../db/double-submit";
import { comments, notifications, posts, profiles, projects, tips, votes } from "../../db/schema";
import { weiOfCc } from "../../db/wei";
import { adminCalls } from "../../testing/admin";
import { openTransactionOfAnotherInstance, settlesWithin } from "../../testing/another-instance";
import { createTestApp, type TestApp } from "../../testing/app";
import { startTestChain, type TestChain } from "../../testing/chain";
import { testDatabaseKinds } from "../../testing/database";
import { newMember, type TestMember } from "../../testing/members";
import { holdClassStill } from "./service";

describe.runIf(testDatabaseKinds().includes("postgres"))("'Start new semester' while students write", () => {
  let chain: TestChain;
  let t: TestApp;
  let admin: ReturnType<typeof adminCalls>;
  let ada: TestMember;
  let term = 0;

  beforeAll(async () => {
    chain = await startTestChain();
    // The server's errors are logged: a 500 here (seen once in a full run, not reproduced alone) says its cause.
    t = await createTestApp(chain, "postgres", { LOG_LEVEL: "error" });
    admin = adminCalls(t.app);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await chain?.stop();
  });

  /** A class with a student and her submission, archived: ready for "Start new semester". */
  beforeEach(async () => {
    ada = await newMember(t, `Ada ${++term}`);
    await t.database.db.insert(projects).values({
      authorWallet: ada.wallet,
      projectNumber: 2,
      title: "Engines",
      image: "",
      totalReceivedWei: weiOfCc(1),
    });
    const archived = await admin.post("/semesters/archive", { name: `Term ${term}` });
    expect(archived.statusCode, archived.body).toBe(200);
  });

  const archiveOfTerm = async (): Promise<Archive> => {
    const list = await t.app.inject({ method: "GET", url: "/api/archives" });
    const summary = (list.json() as ArchiveSummary[]).find((a) => a.name === `Term ${term}`);
    const res = await t.app.inject({ method: "GET", url: `/api/archives/${summary?._id}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Archive;
  };

  it("a post being written as the start runs is archived and cleared with the class, not left in the new semester", async () => {
    // Ada's post, written by another instance, not committed yet (createOnce holds her lock while it inserts).
    const writing = await openTransactionOfAnotherInstance(t.database.db, async (tx) => {
      await lockAuthorSubmissions(tx, ada.wallet);
      await tx.insert(posts).values({ authorWallet: ada.wallet, content: "Posted as the term ended" });
    });
    try {
      const starting = admin.post("/semesters/start", { clearWhitelist: false });
      // Before: the start did not wait, and the post committed after it, into the new semester.
      expect(await settlesWithin(starting, 700)).toBe(false);
      writing.release();
      await writing.done;
      const started = await starting;
      expect(started.statusCode, started.body).toBe(200);
    } finally {
      writing.release();
    }
    expect(await t.database.db.select().from(posts).where(eq(posts.authorWallet, ada.wallet))).toEqual([]);
    expect(await t.database.db.select().from(profiles).where(eq(profiles.wallet, ada.wallet))).toEqual([]);
    expect((await archiveOfTerm()).posts.map((p) => p.content)).toContain("Posted as the term ended");
  });

  it("a class commenting and voting all through the start: every comment answered 200 is archived, none is left, no 5xx", async () => {
    const [seed] = await t.database.db
      .insert(posts)
      .values({ authorWallet: ada.wallet, content: "Last thread of the term" })
      .returning({ id: posts.id });
    const postId = String(seed!.id);
    const classmates = await Promise.all(Array.from({ length: 12 }, (_, i) => newMember(t, `Classmate ${term}.${i}`)));
    const send = (url: string, cookie: string, payload: object) =>
      t.app.inject({ method: "POST", url, payload, headers: { cookie } });
    const writes = classmates.flatMap((m, i) => [
      send("/api/comments", m.cookie, { postId, authorWallet: m.wallet, text: `See you, says ${i}` }),
      send("/api/posts/vote", m.cookie, { postId, type: i % 2 ? "up" : "down", voterWallet: m.wallet }),
    ]);
    const [started, ...answers] = await Promise.all([
      admin.post("/semesters/start", { clearWhitelist: false }),
      ...writes,
    ]);
    expect(started?.statusCode, started?.body).toBe(200);
    for (const answer of answers) expect(answer.statusCode, answer.body).toBeLessThan(500);
    const said = answers
      .filter((a) => a.statusCode === 200 && a.json().text !== undefined)
      .map((a) => a.json().text as string);
    // Each comment answered 200 was written before the start cleared the class (one answered after the start
    // is a 400 or 404), so the archive holds it; nothing of the class is left in the new semester.
    const archived = (await archiveOfTerm()).posts.find((p) => p._id === postId);
    expect(archived?.comments.map((c) => c.text)).toEqual(expect.arrayContaining(said));
    expect(await t.database.db.select().from(comments)).toEqual([]);
    expect(await t.database.db.select().from(votes)).toEqual([]);
    expect(await t.database.db.select().from(posts)).toEqual([]);
  });

  it("a tip being recorded as the start runs is archived with its project, and the start succeeds", async () => {
    const [project] = await t.database.db
      .select({ id: projects.id })
      .from(projects)
      .where(eq(projects.authorWallet, ada.wallet));
    // Another instance records a tip (as features/tips does: the tip, then the project's total), not committed.
    const recording = await openTransactionOfAnotherInstance(t.database.db, async (tx) => {
      await tx.insert(tips).values({
        projectId: project!.id,
        fromWallet: chain.account(1).address.toLowerCase(),
        toWallet: ada.wallet,
        amount: 2,
        amountWei: weiOfCc(2),
        txHash: `0x${term.toString(16).padStart(64, "c")}`,
        logIndex: 0,
      });
      await tx
        .update(projects)
        .set({ totalReceivedWei: weiOfCc(3) })
        .where(eq(projects.id, project!.id));
    });
    let status = 0;
    let body = "";
    try {
      const starting = admin.post("/semesters/start", { clearWhitelist: false });
      expect(await settlesWithin(starting, 700)).toBe(false);
      recording.release();
      await recording.done;
      const started = await starting;
      [status, body] = [started.statusCode, started.body];
    } finally {
      recording.release();
    }
    // Before: 409 and no new semester, the projects' delete meeting the tip committed after the tips' delete.
    expect(status, body).toBe(200);
    expect(await t.database.db.select().from(tips).where(eq(tips.toWallet, ada.wallet))).toEqual([]);
    const archive = await archiveOfTerm();
    expect(archive.projects.map((p) => [p.title, p.totalReceived])).toEqual([["Engines", 3]]);
    // Its leaderboard counts the same tips (before: read ahead of the start's transaction, it still said 1 CC).
    const ranked = archive.leaderboard.projects.find((p) => p.projectNumber === 2)?.submissions;
    expect(ranked?.map((s) => [s.title, s.totalReceived])).toEqual([["Engines", 3]]);
  });

  it("a notification being worded as the start runs is not left in the new semester", async () => {
    const [post] = await t.database.db
      .insert(posts)
      .values({ authorWallet: ada.wallet, content: "Vote for the last time" })
      .returning({ id: posts.id });
    const voter = chain.account(3).address.toLowerCase() as `0x${string}`;
    // Another instance's start, its class held still and the post cleared, not committed yet.
    const starting = await openTransactionOfAnotherInstance(t.database.db, async (tx) => {
      await holdClassStill(tx);
      await tx.delete(posts).where(eq(posts.id, post!.id));
    });
    try {
      // The vote was counted before the start; this instance now words its notification.
      const notifying = t.app.events.publish({
        type: "post.voted",
        postId: String(post!.id),
        authorWallet: ada.wallet,
        voterWallet: voter,
        vote: "up",
        upvotes: 1,
        downvotes: 0,
      });
      expect(await settlesWithin(notifying, 500)).toBe(false);
      starting.release();
      await starting.done;
      await notifying;
    } finally {
      starting.release();
    }
    // Before: worded from the post as it stood before the start, and stored once the start let go of the table.
    expect(await t.database.db.select().from(notifications).where(eq(notifications.wallet, ada.wallet))).toEqual([]);
  });
});
