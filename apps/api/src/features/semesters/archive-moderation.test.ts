/**
 * `POST /api/admin/archives/remove`: the instructor takes a comment, a reply, a post, a submission or a whole
 * student out of a past semester's archive (the current one's is refused: it is written again from the live
 * class), and the public archive (`GET /api/archives/:id` and its explorer) shows the class
 * without it by the live forum's rules; refusals change nothing, and a signed call is accepted once.
 */
import type { ExplorerPage } from "@classcoin/shared/entities";
import { messages } from "@classcoin/shared/messages";
import type { Archive, ArchivedPost } from "@classcoin/shared/semesters";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createIndexer } from "../../chain/indexer/indexer";
import {
  bounties,
  comments,
  images,
  posts,
  predictionResults,
  predictionRounds,
  predictions,
  profiles,
  projects,
} from "../../db/schema";
import { weiOfCc } from "../../db/wei";
import { ADMIN_WALLET, adminCalls, signedAdminRequest } from "../../testing/admin";
import { createTestApp, type TestApp } from "../../testing/app";
import { startTestChain, type TestChain } from "../../testing/chain";
import { testDatabaseKinds } from "../../testing/database";
import { dev, transfer } from "../../testing/transfers";
import { storeImage } from "../images/service";

let chain: TestChain;
beforeAll(async () => {
  chain = await startTestChain();
  await transfer(chain, 0, dev(1), 40);
  await transfer(chain, 1, dev(2), 3);
}, 120_000);
afterAll(async () => {
  await chain?.stop();
});

const png = (r: number) =>
  sharp({ create: { width: 16, height: 12, channels: 3, background: { r, g: 40, b: 40 } } })
    .png()
    .toBuffer();

describe.each(testDatabaseKinds())("removing from an archive on %s", (kind) => {
  let t: TestApp;
  let admin: ReturnType<typeof adminCalls>;
  let archiveId: string;
  const ids: Record<string, string> = {};
  const ada = () => dev(1);
  const bea = () => dev(2);

  const archive = async () => {
    const res = await t.app.inject({ method: "GET", url: `/api/archives/${archiveId}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Archive;
  };
  const remove = (kindOf: string, target: string, id = archiveId) =>
    admin.post("/archives/remove", { archiveId: id, kind: kindOf, target });
  const post = (a: Archive, content: string) => a.posts.find((p) => p.content === content) as ArchivedPost;

  beforeAll(async () => {
    t = await createTestApp(chain, kind);
    admin = adminCalls(t.app);
    const { db } = t.database;
    const photo = await storeImage(db, await png(200), "photo");
    const art = await storeImage(db, await png(100), "project");
    Object.assign(ids, { photo, art });
    const person = { birthday: "2009-07-07", starSign: "Cancer" };
    await db.insert(profiles).values([
      { wallet: ADMIN_WALLET, name: "Instructor", ...person },
      { wallet: ada(), name: "Ada Lovelace", photo, bio: "Loves engines", ...person },
      { wallet: bea(), name: "Bea", ...person },
    ]);
    const [engines, boats] = await db
      .insert(projects)
      .values([
        { authorWallet: ada(), projectNumber: 2, title: "Engines", image: art, totalReceivedWei: weiOfCc(3) },
        { authorWallet: bea(), projectNumber: 2, title: "Boats", image: art, totalReceivedWei: weiOfCc(1) },
      ])
      .returning({ id: projects.id });
    ids.engines = String(engines!.id);
    ids.boats = String(boats!.id);
    await db.insert(predictionRounds).values({ projectNumber: 2, open: false, closedAt: new Date() });
    await db.insert(predictionResults).values([
      { projectNumber: 2, projectId: engines!.id, totalReceived: 3, winner: true },
      { projectNumber: 2, projectId: boats!.id, totalReceived: 1, winner: false },
    ]);
    await db.insert(predictions).values([
      { projectNumber: 2, predictorWallet: bea(), projectId: engines!.id },
      { projectNumber: 2, predictorWallet: ada(), projectId: boats!.id },
    ]);
    const [hello, other] = await db
      .insert(posts)
      .values([
        { authorWallet: ada(), content: "Hello class" },
        { authorWallet: bea(), content: "Rude post" },
      ])
      .returning({ id: posts.id });
    ids.rudePost = String(other!.id);
    const [nice] = await db
      .insert(comments)
      .values({ postId: hello!.id, authorWallet: bea(), text: "Nice post" })
      .returning({ id: comments.id });
    const [thanks] = await db
      .insert(comments)
      .values({ postId: hello!.id, parentId: nice!.id, authorWallet: ada(), text: "Thanks Bea" })
      .returning({ id: comments.id });
    const [anytime] = await db
      .insert(comments)
      .values({ postId: hello!.id, parentId: nice!.id, replyToId: thanks!.id, authorWallet: bea(), text: "Anytime" })
      .returning({ id: comments.id });
    const [lonely] = await db
      .insert(comments)
      .values({ postId: hello!.id, authorWallet: bea(), text: "A lonely insult" })
      .returning({ id: comments.id });
    Object.assign(ids, {
      nice: String(nice!.id),
      thanks: String(thanks!.id),
      anytime: String(anytime!.id),
      lonely: String(lonely!.id),
    });
    await db.insert(bounties).values({
      title: "Draw a gear",
      description: "Any gear",
      reward: 5,
      status: "completed",
      completedBy: "Ada Lovelace",
      completedByWallet: ada(),
    });
    await createIndexer({ database: t.database, chain: t.app.deps.chain, config: t.config }).catchUp();
    const res = await admin.post("/semesters/archive", { name: "Spring" });
    expect(res.statusCode, res.body).toBe(200);
    archiveId = res.json().archive._id;
    // While the semester goes on, its archive is written again from the live class: nothing is taken out of it.
    const current = await remove("post", ids.rudePost!);
    expect([current.statusCode, current.json().error]).toEqual([409, messages.semester.currentArchive]);
    const started = await admin.post("/semesters/start", { clearWhitelist: false });
    expect(started.statusCode, started.body).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it("takes a comment out; one with replies stays as a blank placeholder for them", async () => {
    const lonely = await remove("comment", ids.lonely!);
    expect(lonely.statusCode, lonely.body).toBe(200);
    expect(lonely.json()).toMatchObject({ success: true, message: messages.semester.removedFromArchive("comment") });
    const res = await remove("comment", ids.nice!);
    expect(res.statusCode, res.body).toBe(200);
    const after = await archive();
    const hello = post(after, "Hello class");
    expect(hello.comments).toHaveLength(1);
    expect(hello.comments[0]).toMatchObject({ _id: ids.nice, text: "", authorName: "", removed: "hidden" });
    expect(hello.comments[0]!.replies.map((r) => r.text)).toEqual(["Thanks Bea", "Anytime"]);
    expect(JSON.stringify(after)).not.toContain("A lonely insult");
    expect(JSON.stringify(after)).not.toContain("Nice post");
    // Four comments were shown; two are left (the placeholder holds no words of its own).
    expect(after.counts.comments).toBe(2);
    expect(res.json().archive.counts.comments).toBe(2);
  });

  it("takes a reply out; the reply that answered it names no one, and the empty placeholder goes", async () => {
    expect((await remove("comment", ids.thanks!)).statusCode).toBe(200);
    let hello = post(await archive(), "Hello class");
    expect(hello.comments[0]!.replies).toHaveLength(1);
    expect(hello.comments[0]!.replies[0]).toMatchObject({
      text: "Anytime",
      replyTo: { _id: ids.thanks, authorName: "" },
    });
    expect((await remove("comment", ids.anytime!)).statusCode).toBe(200);
    hello = post(await archive(), "Hello class");
    expect(hello.comments).toEqual([]);
  });

  it("refuses what is not there, a target of the wrong form and an unknown archive, changing nothing", async () => {
    const before = await archive();
    const gone = await remove("comment", ids.nice!);
    expect([gone.statusCode, gone.json().error]).toEqual([404, messages.semester.notInArchive("comment")]);
    expect((await remove("post", "999999")).statusCode).toBe(404);
    const wrongForm = await remove("student", ids.boats!);
    expect([wrongForm.statusCode, wrongForm.json().error]).toEqual([400, messages.semester.studentByWallet]);
    const byWallet = await remove("post", ada());
    expect([byWallet.statusCode, byWallet.json().error]).toEqual([400, messages.semester.itemById]);
    expect((await remove("everything", ids.boats!)).statusCode).toBe(400);
    expect((await remove("post", "not an id")).statusCode).toBe(400);
    const unknown = await remove("post", ids.rudePost!, "999999");
    expect([unknown.statusCode, unknown.json().error]).toEqual([404, messages.semester.archiveNotFound]);
    expect(await archive()).toEqual(before);
  });

  it("accepts a signed removal once: the same request again is refused", async () => {
    const signed = await signedAdminRequest({
      method: "POST",
      path: "/archives/remove",
      body: { archiveId, kind: "post", target: ids.rudePost },
    });
    const first = await t.app.inject(signed.inject);
    expect(first.statusCode, first.body).toBe(200);
    const again = await t.app.inject(signed.inject);
    expect(again.statusCode).toBe(403);
    const after = await archive();
    expect(after.posts.map((p) => p.content)).toEqual(["Hello class"]);
    expect(after.counts.posts).toBe(1);
    // Not the admin: refused whatever it signs.
    const stranger = await signedAdminRequest({
      method: "POST",
      path: "/archives/remove",
      body: { archiveId, kind: "post", target: ids.rudePost },
      signer: 2,
      wallet: bea(),
    });
    expect((await t.app.inject(stranger.inject)).statusCode).toBe(403);
  });

  it("takes a submission out of the projects and the leaderboard; predictions of it lose its title", async () => {
    expect((await remove("submission", ids.boats!)).statusCode).toBe(200);
    const after = await archive();
    expect(after.projects.map((p) => p.title)).toEqual(["Engines"]);
    expect(after.leaderboard.projects.find((p) => p.projectNumber === 2)?.submissions.map((s) => s.title)).toEqual([
      "Engines",
    ]);
    expect(after.leaderboard.classTotal.submissions).toBe(1);
    const ofBoats = after.predictions.flatMap((r) => r.predictions).find((p) => p.projectId === ids.boats);
    expect(ofBoats?.predictedTitle).toBe(messages.prediction.removedSubmission);
    expect(after.counts).toMatchObject({ projectSubmissions: 1, projectImages: 1 });
  });

  it("takes a student out: profile, work, predictions, rankings, and their name and photo in the explorer", async () => {
    const before = await archive();
    const rows = async () => {
      const res = await t.app.inject({ method: "GET", url: `/api/archives/${archiveId}/transactions?limit=100` });
      return (res.json() as ExplorerPage).transactions;
    };
    expect((await rows()).some((r) => r.fromName === "Ada Lovelace" || r.toName === "Ada Lovelace")).toBe(true);
    // Stored long ago, as archived images are (the sweep spares an image for an hour after it is stored).
    await t.database.db.update(images).set({ createdAt: new Date(Date.now() - 2 * 60 * 60 * 1000) });
    // Ada came back this semester with another name and the same photo: it stays served for her live profile.
    const again = { name: "Ada again", photo: ids.photo, birthday: "2009-07-07", starSign: "Cancer" };
    await t.database.db.insert(profiles).values({ wallet: dev(5), ...again });
    const res = await remove("student", ada().toUpperCase().replace("0X", "0x"));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(messages.semester.removedFromArchive("student"));
    const after = await archive();
    const text = JSON.stringify(after);
    expect(text).not.toContain("Ada Lovelace");
    expect(text).not.toContain("Loves engines");
    expect(text).not.toContain(before.profiles.find((p) => p.wallet === ada())!.photo);
    expect(after.profiles.map((p) => p.name)).toEqual(["Bea", "Instructor"]);
    expect(after.projects).toEqual([]);
    expect(after.posts).toEqual([]);
    expect(after.leaderboard.holders.map((h) => [h.rank, h.name])).toEqual([[1, "Bea"]]);
    expect(after.leaderboard.classTotal.students).toBe(1);
    const made = after.predictions.flatMap((r) => r.predictions);
    expect(made.map((p) => [p.predictorName, p.predictedTitle, p.predictedName])).toEqual([
      ["Bea", messages.prediction.removedSubmission, messages.semester.removedStudent],
    ]);
    expect(after.bounties[0]).toMatchObject({ completedBy: messages.semester.removedStudent, completedByWallet: null });
    expect(after.counts).toMatchObject({ profiles: 2, photos: 0, projectSubmissions: 0, posts: 0, predictions: 1 });
    const explorer = await rows();
    const hers = explorer.filter((r) => r.fromWallet === ada() || r.toWallet === ada());
    expect(hers.length).toBeGreaterThan(0);
    for (const r of hers) {
      if (r.fromWallet === ada()) expect([r.fromName, r.fromPhoto]).toEqual([null, null]);
      if (r.toWallet === ada()) expect([r.toName, r.toPhoto]).toEqual([null, null]);
    }
    // Bea's side of their transfer keeps her name.
    expect(explorer.some((r) => r.toWallet === bea() && r.toName === "Bea")).toBe(true);
    // Her submission's image is shown nowhere now: deleted at once, not by the next hourly sweep.
    const served = async (url: string) => (await t.app.inject({ method: "GET", url })).statusCode;
    expect(await served(`/api/projects/image/${ids.art}`)).toBe(404);
    expect(await served(`/api/profiles/photo/${ids.photo}`)).toBe(200);
    const twice = await remove("student", ada());
    expect([twice.statusCode, twice.json().error]).toEqual([404, messages.semester.notInArchive("student")]);
  });
});
