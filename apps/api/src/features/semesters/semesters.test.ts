/**
 * Semesters (issue 18), the round trip: seed a class (profiles with photos, submissions with images, posts,
 * comments and replies, tips, predictions, the Feed, notifications, the whitelist, bounties, transfers on
 * chain indexed into the explorer), preview and archive it, start a new semester, and check that the archive
 * still shows every profile name, image, post, comment and transaction it captured while the live pages are
 * empty but for bounties (and the admin's own profile); that the explorer shows the new semester from its
 * start block, with right page counts, new transfers, holders still equal to the chain and a re-index that
 * never goes below the start; and the refusals (409 before archiving, bad names, unknown archives).
 */

import type { ExplorerPage } from "@classcoin/shared/entities";
import { messages } from "@classcoin/shared/messages";
import type { Archive, ArchiveSummary, SemesterPreview } from "@classcoin/shared/semesters";
import { eq, sql } from "drizzle-orm";
import * as fc from "fast-check";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createIndexer } from "../../chain/indexer/indexer";
import { queryRows } from "../../db/raw-rows";
import {
  bounties,
  comments,
  feedPosts,
  indexerState,
  notifications,
  posts,
  predictionResults,
  predictionRounds,
  predictions,
  profiles,
  projects,
  semesters,
  tips,
  whitelist,
} from "../../db/schema";
import { weiOfCc } from "../../db/wei";
import { ADMIN_WALLET, adminCalls } from "../../testing/admin";
import { createTestApp, type TestApp } from "../../testing/app";
import { startTestChain, type TestChain } from "../../testing/chain";
import { testDatabaseKinds } from "../../testing/database";
import { aggregatesDrift, dev, transfer } from "../../testing/transfers";
import { storeImage } from "../images/service";

let chain: TestChain;
beforeAll(async () => {
  chain = await startTestChain();
  // The class's money: the treasury funds two students, who pay each other.
  await transfer(chain, 0, dev(1), 40);
  await transfer(chain, 0, dev(2), 30);
  await transfer(chain, 1, dev(2), 3);
  await transfer(chain, 2, dev(1), 2);
  await transfer(chain, 2, dev(3), 1);
}, 120_000);
afterAll(async () => {
  await chain?.stop();
});

const png = (r: number, g: number, b: number) =>
  sharp({ create: { width: 16, height: 12, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();

describe.each(testDatabaseKinds())("semesters on %s", (kind) => {
  let t: TestApp;
  let admin: ReturnType<typeof adminCalls>;
  let photo: string;
  let artA: string;
  let artB: string;
  let archiveId: string;
  let archivedRows: ExplorerPage["transactions"];
  let holdersBefore: { wallet: string; balance_wei: string }[];
  const ada = () => dev(1);
  const bea = () => dev(2);
  const cem = () => dev(3);

  const get = async <T>(url: string, status = 200): Promise<T> => {
    const res = await t.app.inject({ method: "GET", url });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(status);
    return res.json() as T;
  };
  const indexer = () => createIndexer({ database: t.database, chain: t.app.deps.chain, config: t.config });
  const holderRows = () =>
    queryRows<{ wallet: string; balance_wei: string }>(
      t.database.db,
      sql`SELECT wallet, balance_wei::text FROM holders WHERE balance_wei <> 0 ORDER BY wallet`,
    );
  /** Every row of an archive's explorer, through its pages of `limit`. */
  async function allArchivedRows(id: string, limit: number) {
    const first = await get<ExplorerPage>(`/api/archives/${id}/transactions?limit=${limit}`);
    const rows = [...first.transactions];
    for (let page = 2; page <= first.pagination.total; page++) {
      const next = await get<ExplorerPage>(`/api/archives/${id}/transactions?limit=${limit}&page=${page}`);
      expect(next.pagination).toEqual({
        current: page,
        total: first.pagination.total,
        hasPrev: true,
        hasNext: page < first.pagination.total,
      });
      rows.push(...next.transactions);
    }
    return { rows, pages: first.pagination.total };
  }

  beforeAll(async () => {
    t = await createTestApp(chain, kind);
    admin = adminCalls(t.app);
    const { db } = t.database;
    photo = await storeImage(db, await png(200, 30, 30), "photo");
    artA = await storeImage(db, await png(30, 200, 30), "project");
    artB = await storeImage(db, await png(30, 30, 200), "project");
    const person = { birthday: "2009-07-07", starSign: "Cancer" };
    await db.insert(profiles).values([
      { wallet: ADMIN_WALLET, name: "Instructor", ...person },
      { wallet: ada(), name: "Ada Lovelace", photo, bio: "Loves engines", ...person },
      { wallet: bea(), name: "Bea 🎨", ...person },
      { wallet: cem(), name: "Cem (archived)", archived: true, ...person },
    ]);
    const [pa, pb] = await db
      .insert(projects)
      .values([
        {
          authorWallet: ada(),
          projectNumber: 2,
          title: "Engines",
          description: "Gears",
          image: artA,
          totalReceivedWei: weiOfCc(3),
        },
        { authorWallet: bea(), projectNumber: 2, title: "Boats", image: artB, totalReceivedWei: weiOfCc(1) },
      ])
      .returning({ id: projects.id });
    await db.insert(tips).values({
      projectId: pa!.id,
      fromWallet: bea(),
      toWallet: ada(),
      amount: 3,
      amountWei: "3000000000000000000",
      txHash: `0x${"ab".repeat(32)}`,
      logIndex: 0,
    });
    await db.insert(predictionRounds).values({ projectNumber: 2, open: false, closedAt: new Date() });
    // The result its close recorded (features/predictions): Engines received the most.
    await db.insert(predictionResults).values([
      { projectNumber: 2, projectId: pa!.id, totalReceived: 3, winner: true },
      { projectNumber: 2, projectId: pb!.id, totalReceived: 1, winner: false },
    ]);
    await db.insert(predictions).values({ projectNumber: 2, predictorWallet: bea(), projectId: pa!.id });
    const [visible, hidden] = await db
      .insert(posts)
      .values([
        { authorWallet: ada(), content: "Hello class", upvotes: 2 },
        { authorWallet: bea(), content: "Hidden post", hidden: true },
      ])
      .returning({ id: posts.id });
    const [top] = await db
      .insert(comments)
      .values({ postId: visible!.id, authorWallet: bea(), text: "Nice post" })
      .returning({ id: comments.id });
    const [thanks] = await db
      .insert(comments)
      .values({ postId: visible!.id, parentId: top!.id, authorWallet: ada(), text: "Thanks Bea" })
      .returning({ id: comments.id });
    await db.insert(comments).values([
      // A reply to a reply (features/comments keeps whom it answers).
      { postId: visible!.id, parentId: top!.id, replyToId: thanks!.id, authorWallet: bea(), text: "Anytime" },
      { postId: visible!.id, authorWallet: bea(), text: "Hidden comment", hidden: true },
      { postId: hidden!.id, authorWallet: ada(), text: "On a hidden post" },
    ]);
    // Ada deleted her comment after Bea answered it: the forum shows a blank placeholder and the reply.
    const [gone] = await db
      .insert(comments)
      .values({ postId: visible!.id, authorWallet: ada(), text: "Deleted later", deleted: true })
      .returning({ id: comments.id });
    await db
      .insert(comments)
      .values({ postId: visible!.id, parentId: gone!.id, authorWallet: bea(), text: "Still here" });
    await db.insert(feedPosts).values({ authorWallet: ada(), text: "crit please", images: [artA] });
    await db.insert(notifications).values({ wallet: ada(), kind: "tip", text: "Bea tipped you 3 CC" });
    await db.insert(whitelist).values([{ wallet: ada() }, { wallet: bea() }]);
    await db.insert(bounties).values([
      { title: "Draw a gear", description: "Any gear", reward: 5 },
      { title: "Paint a boat", description: "Any boat", reward: 7, status: "completed", completedBy: "Bea" },
    ]);
    await indexer().catchUp();
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it("previews what the archive would capture", async () => {
    const res = await admin.get("semesters/preview");
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json() as SemesterPreview;
    const live = await get<ExplorerPage>("/api/explorer/transactions?limit=100");
    expect(live.transactions.length).toBeGreaterThanOrEqual(5);
    expect(preview).toMatchObject({
      semester: { name: null, startBlock: 0 },
      archivedSinceStart: false,
      hasClassData: true,
      counts: {
        profiles: 3,
        photos: 1,
        projectSubmissions: 2,
        projectImages: 2,
        posts: 1,
        comments: 4,
        transactions: live.transactions.length,
        bounties: 2,
        predictions: 1,
      },
    });
  });

  it("refuses to start a new semester before this one is archived", async () => {
    const res = await admin.post("/semesters/start", { clearWhitelist: false });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error).toBe(messages.semester.archiveFirst);
    const [n] = await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM profiles`);
    expect(n?.n).toBe(4);
  });

  it("refuses an archive without a proper name", async () => {
    for (const [name, error] of [
      ["", messages.semester.nameRequired],
      ["   ", messages.semester.nameRequired],
      ["x".repeat(81), messages.semester.nameTooLong],
    ] as const) {
      const res = await admin.post("/semesters/archive", { name });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.body).toContain(error);
    }
    // 80 code points, emoji counted as one each, is fine (checked on the schema: no archive is made here).
    const { archiveNameSchema } = await import("@classcoin/shared/semesters");
    expect(archiveNameSchema.safeParse("🎨".repeat(80)).success).toBe(true);
    expect(await get<ArchiveSummary[]>("/api/archives")).toEqual([]);
  });

  it("answers any archive name, signed by the admin, with 200 or a JSON 400: never a 5xx", async () => {
    const names = fc.oneof(
      fc.string({ unit: "binary", maxLength: 90 }),
      fc.string({ unit: "grapheme", maxLength: 90 }),
      fc.constantFrom("\u0000", "a\u0000b", "'; DROP TABLE archives; --", "\u202eevil", "\ud800", " ".repeat(200)),
    );
    await fc.assert(
      fc.asyncProperty(names, async (name) => {
        const res = await admin.post("/semesters/archive", { name });
        expect([200, 400], `${JSON.stringify(name)}: ${res.body}`).toContain(res.statusCode);
        // Stored as the text it is (a lone surrogate, which text cannot hold, as U+FFFD).
        const stored = name
          .trim()
          .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "\ufffd");
        expect(typeof res.json().error === "string" || res.json().archive.name === stored).toBe(true);
      }),
      { numRuns: 25 },
    );
    // However many times it was archived, the semester has one archive.
    expect((await get<ArchiveSummary[]>("/api/archives")).length).toBeLessThanOrEqual(1);
  });

  it("archives once even when asked twice at the same moment", async () => {
    const [a, b] = await Promise.all([
      admin.post("/semesters/archive", { name: "  Fall 2026  " }),
      admin.post("/semesters/archive", { name: "Fall 2026 (again)" }),
    ]);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.statusCode, b.body).toBe(200);
    expect(a.json().archive._id).toBe(b.json().archive._id);
    const list = await get<ArchiveSummary[]>("/api/archives");
    expect(list).toHaveLength(1);
    expect(["Fall 2026", "Fall 2026 (again)"]).toContain(list[0]!.name);
    // A third call names it for good (archiving again replaces the semester's archive).
    const res = await admin.post("/semesters/archive", { name: "  Fall 2026  " });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: messages.semester.archived("Fall 2026") });
    archiveId = res.json().archive._id;
    expect(archiveId).toBe(list[0]!._id);
    const preview = (await admin.get("semesters/preview")).json() as SemesterPreview;
    expect(preview).toMatchObject({ archivedSinceStart: true, semester: { name: "Fall 2026" } });
  });

  it("the archive holds the class as it was", async () => {
    const archive = await get<Archive>(`/api/archives/${archiveId}`);
    expect(archive.name).toBe("Fall 2026");
    expect(archive.profiles.map((p) => p.name)).toEqual(["Ada Lovelace", "Bea 🎨", "Instructor"]);
    expect(archive.profiles.find((p) => p.wallet === ada())).toMatchObject({ photo, bio: "Loves engines" });
    expect(archive.projects.map((p) => [p.title, p.authorName, p.image, p.totalReceived])).toEqual([
      ["Engines", "Ada Lovelace", artA, 3],
      ["Boats", "Bea 🎨", artB, 1],
    ]);
    expect(archive.posts).toHaveLength(1);
    expect(archive.posts[0]).toMatchObject({ content: "Hello class", authorName: "Ada Lovelace", upvotes: 2 });
    expect(archive.posts[0]!.comments).toMatchObject([
      {
        text: "Nice post",
        authorName: "Bea 🎨",
        replies: [
          { text: "Thanks Bea", authorName: "Ada Lovelace", replyTo: null },
          { text: "Anytime", authorName: "Bea 🎨", replyTo: { authorName: "Ada Lovelace" } },
        ],
      },
      // Before: left out with its reply, which the reset then lost for good.
      { removed: "deleted", text: "", authorName: "", replies: [{ text: "Still here", authorName: "Bea 🎨" }] },
    ]);
    expect(JSON.stringify(archive.posts)).not.toContain("Deleted later");
    expect(archive.bounties.map((b) => b.title).sort()).toEqual(["Draw a gear", "Paint a boat"]);
    const round2 = archive.predictions.find((r) => r.projectNumber === 2);
    expect(round2).toMatchObject({
      status: "closed",
      predictions: [{ predictorName: "Bea 🎨", predictedName: "Ada Lovelace", correct: true }],
    });
    expect(archive.leaderboard.classTotal.students).toBe(2);
    expect(archive.leaderboard.projects.find((p) => p.projectNumber === 2)?.submissions[0]?.title).toBe("Engines");

    const { rows, pages } = await allArchivedRows(archiveId, 2);
    expect(rows.length).toBe(archive.counts.transactions);
    expect(pages).toBe(Math.ceil(rows.length / 2));
    const live = await get<ExplorerPage>("/api/explorer/transactions?limit=100");
    expect(rows.map((r) => `${r.txHash}:${r.logIndex}`)).toEqual(
      live.transactions.map((r) => `${r.txHash}:${r.logIndex}`),
    );
    // Names as the profiles were when archived.
    expect(rows.some((r) => r.toName === "Ada Lovelace")).toBe(true);
    archivedRows = rows;
  });

  it("starts a new semester: the class is cleared, bounties and the whitelist stay", async () => {
    // A transfer and a post after the archive: both join the archive when the semester ends.
    await transfer(chain, 1, dev(3), 1);
    await indexer().catchUp();
    await t.database.db.insert(posts).values({ authorWallet: bea(), content: "Posted after the archive" });
    holdersBefore = await holderRows();
    const res = await admin.post("/semesters/start", { clearWhitelist: false });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      message: messages.semester.started,
      cleared: {
        profiles: 3,
        posts: 3,
        comments: 7,
        projects: 2,
        tips: 1,
        predictions: 1,
        feedPosts: 1,
        notifications: 1,
        transactions: archivedRows.length + 1,
        whitelist: 0,
      },
    });
    const [checkpoint] = await t.database.db.select().from(indexerState).where(eq(indexerState.key, "transfers"));
    expect(body.semester.startBlock).toBe((checkpoint!.value as { block: number }).block + 1);

    const { db } = t.database;
    expect((await db.select().from(profiles)).map((p) => p.wallet)).toEqual([ADMIN_WALLET]);
    expect(await db.select().from(whitelist)).toHaveLength(2);
    expect(await db.select().from(predictionRounds)).toEqual([]);
    expect(await db.select().from(predictionResults)).toEqual([]);
    // The holders list is the chain's balances: a new semester changes no balance.
    const afterHolders = await holderRows();
    expect(afterHolders).toEqual(holdersBefore);
    for (const wallet of [ada(), bea(), cem()]) {
      const row = afterHolders.find((h) => h.wallet === wallet);
      expect(BigInt(row?.balance_wei ?? 0), wallet).toBe(await chain.balanceOf(wallet));
    }
    expect(await aggregatesDrift(db)).toEqual([]);
  });

  it("the live pages are empty but for bounties", async () => {
    expect((await get<{ wallet: string }[]>("/api/profiles")).map((p) => p.wallet)).toEqual([ADMIN_WALLET]);
    expect(await get("/api/posts")).toEqual([]);
    expect(await get("/api/projects/2")).toEqual([]);
    expect(await get<{ posts: unknown[] }>("/api/feed")).toMatchObject({ posts: [] });
    expect(await get("/api/explorer/transactions")).toEqual({
      transactions: [],
      pagination: { current: 1, total: 1, hasPrev: false, hasNext: false },
    });
    expect(await get("/api/explorer/stats")).toMatchObject({ totalTransactions: 0, totalVolume: 0 });
    const leaderboard = await get<{ classTotal: { students: number } }>("/api/leaderboard");
    expect(leaderboard.classTotal.students).toBe(0);
    expect(await get<unknown[]>("/api/admin/public/bounties")).toHaveLength(2);
    const preview = (await admin.get("semesters/preview")).json() as SemesterPreview;
    expect(preview).toMatchObject({ archivedSinceStart: false, hasClassData: false, semester: { name: null } });
  });

  it("the archive still shows every profile, image, post, comment and transaction it captured", async () => {
    const archive = await get<Archive>(`/api/archives/${archiveId}`);
    expect(archive.profiles.map((p) => p.name)).toEqual(["Ada Lovelace", "Bea 🎨", "Instructor"]);
    const hello = archive.posts.find((p) => p.content === "Hello class");
    expect(hello!.comments[0]!.replies[0]!.text).toBe("Thanks Bea");
    // Written between "Archive semester" and "Start new semester": captured by the final snapshot, not lost.
    expect(archive.posts.map((p) => p.content)).toContain("Posted after the archive");
    expect(archive.counts.posts).toBe(2);
    for (const [url, name] of [
      ["/api/profiles/photo/", photo],
      ["/api/projects/image/", artA],
      ["/api/projects/image/", artB],
    ] as const) {
      const res = await t.app.inject({ method: "GET", url: `${url}${name}` });
      expect(res.statusCode, url + name).toBe(200);
      expect(res.rawPayload.subarray(8, 12).toString("latin1")).toBe("WEBP");
    }
    const { rows } = await allArchivedRows(archiveId, 25);
    // Every row it captured, and the transfer indexed after it was made (newest first).
    expect(rows).toHaveLength(archivedRows.length + 1);
    expect(rows.slice(1)).toEqual(archivedRows);
    expect(rows[0]).toMatchObject({ fromName: "Ada Lovelace", toWallet: cem(), amount: 1 });
    expect(archive.counts.transactions).toBe(rows.length);
    expect(archive.endBlock).toBeGreaterThanOrEqual(rows[0]!.blockNumber!);
  });

  it("the live explorer shows the new semester from its start block, also after a re-index", async () => {
    await transfer(chain, 2, dev(1), 2);
    await transfer(chain, 2, dev(1), 1);
    await transfer(chain, 1, dev(3), 1);
    await indexer().catchUp();
    const page = await get<ExplorerPage>("/api/explorer/transactions?limit=2");
    expect(page.pagination).toEqual({ current: 1, total: 2, hasPrev: false, hasNext: true });
    expect(page.transactions.map((r) => r.amount)).toEqual([1, 1]);
    expect((await get<ExplorerPage>("/api/explorer/transactions?limit=2&page=2")).transactions).toHaveLength(1);
    const { startBlock } = ((await admin.get("semesters/preview")).json() as SemesterPreview).semester;
    expect(page.transactions.every((r) => (r.blockNumber ?? 0) >= startBlock)).toBe(true);
    expect(await aggregatesDrift(t.database.db)).toEqual([]);

    // Without its checkpoint the indexer starts over: from the semester's start block, not the deployment.
    await t.database.db.delete(indexerState).where(eq(indexerState.key, "transfers"));
    await indexer().catchUp();
    const again = await get<ExplorerPage>("/api/explorer/transactions?limit=100");
    expect(again.transactions).toHaveLength(3);
    expect(again.transactions.every((r) => (r.blockNumber ?? 0) >= startBlock)).toBe(true);
    for (const wallet of [ada(), bea(), cem()]) {
      const [row] = await queryRows<{ b: string }>(
        t.database.db,
        sql`SELECT balance_wei::text AS b FROM holders WHERE wallet = ${wallet}`,
      );
      expect(BigInt(row?.b ?? 0), wallet).toBe(await chain.balanceOf(wallet));
    }
  });

  it("a semester with transfers but no archive cannot be cleared; archived, it clears the whitelist too", async () => {
    const refused = await admin.post("/semesters/start", { clearWhitelist: true });
    expect(refused.statusCode, refused.body).toBe(409);
    const archived = await admin.post("/semesters/archive", { name: "Spring 2027" });
    expect(archived.statusCode, archived.body).toBe(200);
    expect(archived.json().archive).toMatchObject({ counts: { transactions: 3, profiles: 1 } });
    const started = await admin.post("/semesters/start", { clearWhitelist: "true" });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().cleared).toMatchObject({ whitelist: 2, profiles: 0, transactions: 3 });
    expect(await t.database.db.select().from(whitelist)).toEqual([]);
    const list = await get<ArchiveSummary[]>("/api/archives");
    expect(list.map((a) => a.name)).toEqual(["Spring 2027", "Fall 2026"]);
    // With nothing to lose, a new semester needs no archive.
    const again = await admin.post("/semesters/start", { clearWhitelist: false });
    expect(again.statusCode, again.body).toBe(200);
  });

  it("two starts at once (a click again after a reload while the first waited) start one semester", async () => {
    const before = await t.database.db.select().from(semesters);
    const answers = await Promise.all([
      admin.post("/semesters/start", { clearWhitelist: false }),
      admin.post("/semesters/start", { clearWhitelist: false }),
    ]);
    // Before: both "New semester started", the second an empty semester a moment after the first.
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)?.json().error).toBe(messages.semester.startedMeanwhile);
    expect(await t.database.db.select().from(semesters)).toHaveLength(before.length + 1);
  });

  it("answers 404 for an unknown archive and 400 for a malformed id or page", async () => {
    await get("/api/archives/999999", 404);
    await get("/api/archives/999999/transactions", 404);
    expect((await get<{ error: string }>("/api/archives/999999", 404)).error).toBe(messages.semester.archiveNotFound);
    await get("/api/archives/abc", 400);
    await get(`/api/archives/${archiveId}/transactions?page=0`, 400);
    await get(`/api/archives/${archiveId}/transactions?limit=101`, 400);
    const beyond = await get<ExplorerPage>(`/api/archives/${archiveId}/transactions?page=50`);
    expect(beyond.transactions).toEqual([]);
  });
});
