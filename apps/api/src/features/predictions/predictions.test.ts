/**
 * Predictions (issue 18): the admin opens and closes a project's round; a student with a profile predicts a
 * classmate's submission once (never their own, never twice, only while open, only projects 2–4); others'
 * predictions stay private until the round closes, then everyone sees them and who was right.
 */
import { messages } from "@classcoin/shared/messages";
import type { PredictionRound } from "@classcoin/shared/predictions";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { predictionRounds, predictions, projects } from "../../db/schema";
import { weiOfCc } from "../../db/wei";
import { adminCalls } from "../../testing/admin";
import { openTransactionOfAnotherInstance, settlesWithin } from "../../testing/another-instance";
import { createTestApp, type TestApp } from "../../testing/app";
import { startTestChain, type TestChain } from "../../testing/chain";
import { testDatabaseKinds } from "../../testing/database";
import { newMember } from "../../testing/members";

let chain: TestChain;
beforeAll(async () => {
  chain = await startTestChain();
});
afterAll(async () => {
  await chain?.stop();
});

describe.each(testDatabaseKinds())("predictions on %s", (kind) => {
  let t: TestApp;
  let admin: ReturnType<typeof adminCalls>;
  type Student = Awaited<ReturnType<typeof student>>;
  let ada: Student;
  let bea: Student;
  let cem: Student;
  const submission: Record<string, string> = {};

  const student = (name: string, withProfile = true) => newMember(t, name, { profile: withProfile });

  beforeAll(async () => {
    t = await createTestApp(chain, kind);
    admin = adminCalls(t.app);
    [ada, bea, cem] = [await student("Ada"), await student("Bea"), await student("Cem")];
    const rows = await t.database.db
      .insert(projects)
      .values([
        { authorWallet: ada.wallet, projectNumber: 2, title: "Apples", image: "a.webp", totalReceivedWei: weiOfCc(4) },
        { authorWallet: bea.wallet, projectNumber: 2, title: "Boats", image: "b.webp", totalReceivedWei: weiOfCc(9) },
        { authorWallet: cem.wallet, projectNumber: 2, title: "Clouds", image: "c.webp", totalReceivedWei: weiOfCc(9) },
        { authorWallet: ada.wallet, projectNumber: 3, title: "Dunes", image: "d.webp" },
      ])
      .returning({ id: projects.id, title: projects.title });
    for (const r of rows) submission[r.title] = String(r.id);
  });
  afterAll(async () => {
    await t?.close();
  });

  const round = async (n: number, cookie?: string): Promise<PredictionRound> => {
    const res = await t.app.inject({ method: "GET", url: `/api/predictions/${n}`, headers: cookie ? { cookie } : {} });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const predict = (who: Student, body: Record<string, unknown>, cookie = who.cookie) =>
    t.app.inject({
      method: "POST",
      url: "/api/predictions",
      headers: { cookie },
      payload: { projectNumber: 2, predictorWallet: who.wallet, ...body },
    });

  it("nothing can be predicted before the admin opens the round", async () => {
    expect(await round(2)).toMatchObject({ status: "not_open", count: 0, predictions: [], winners: [] });
    const res = await predict(ada, { projectId: submission.Boats });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(messages.prediction.notOpen(2));
  });

  it("once open: one prediction per student, not of their own, locked; others' stay private while open", async () => {
    const opened = await admin.post("/predictions/round", { projectNumber: 2, open: true });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({ message: "Predictions for Project 2 opened", round: { status: "open" } });

    const own = await predict(ada, { projectId: submission.Apples });
    expect(own.statusCode).toBe(403);
    expect(own.json().error).toBe(messages.prediction.self);
    const otherProject = await predict(ada, { projectId: submission.Dunes });
    expect(otherProject.statusCode).toBe(404);
    expect(otherProject.json().error).toBe(messages.prediction.target);

    const made = await predict(ada, { projectId: submission.Boats });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toMatchObject({
      projectNumber: 2,
      predictorWallet: ada.wallet,
      predictorName: "Ada",
      projectId: submission.Boats,
      predictedTitle: "Boats",
      predictedName: "Bea",
      correct: null,
    });
    const again = await predict(ada, { projectId: submission.Clouds });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe("You have already made a prediction for Project 2. Predictions cannot be changed.");
    // Two at once: exactly one is kept.
    const racing = await Promise.all([
      predict(bea, { projectId: submission.Apples }),
      predict(bea, { projectId: submission.Clouds }),
    ]);
    expect(racing.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(
      await t.database.db.select().from(predictions).where(eq(predictions.predictorWallet, bea.wallet)),
    ).toHaveLength(1);

    const publicView = await round(2);
    expect(publicView).toMatchObject({ status: "open", count: 2, predictions: [], mine: null });
    expect(publicView.candidates.map((c) => c.title)).toEqual(["Boats", "Clouds", "Apples"]);
    expect((await round(2, ada.cookie)).mine).toMatchObject({ predictedTitle: "Boats" });
    // Nobody else learns who predicted what while the round is open.
    expect(JSON.stringify(await round(2, cem.cookie))).not.toContain("predictorWallet");
  });

  it("refuses no session, another wallet's session, no profile and project 1", async () => {
    const anonymous = await t.app.inject({
      method: "POST",
      url: "/api/predictions",
      payload: { projectNumber: 2, predictorWallet: cem.wallet, projectId: submission.Boats },
    });
    expect(anonymous.statusCode).toBe(401);
    const forged = await predict(cem, { projectId: submission.Boats }, bea.cookie);
    expect(forged.statusCode).toBe(403);
    expect(forged.json().error).toBe(messages.auth.wrongWallet);
    const nobody = await student("Nobody", false);
    const noProfile = await predict(nobody, { projectId: submission.Boats });
    expect(noProfile.statusCode).toBe(400);
    expect(noProfile.json().errors).toEqual([messages.prediction.profile]);
    const first = await predict(cem, { projectNumber: 1, projectId: submission.Boats });
    expect(first.statusCode).toBe(400);
    expect(first.json().error).toContain(messages.prediction.projects);
  });

  it("once closed: everyone sees every prediction and who was right (ties count); no more predictions", async () => {
    const closed = await admin.post("/predictions/round", { projectNumber: 2, open: false });
    expect(closed.json().message).toBe("Predictions for Project 2 closed");
    const late = await predict(cem, { projectId: submission.Boats });
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe(messages.prediction.notOpen(2));

    const results = await round(2);
    expect(results.status).toBe("closed");
    expect(results.winners.sort()).toEqual([submission.Boats, submission.Clouds].sort());
    expect(results.predictions.map((p) => [p.predictorName, p.predictedTitle, p.correct])).toEqual([
      ["Ada", "Boats", true],
      ["Bea", expect.any(String), expect.any(Boolean)],
    ]);
    const bea2 = results.predictions.find((p) => p.predictorName === "Bea")!;
    expect(bea2.correct).toBe(bea2.predictedTitle === "Clouds");
    expect((await round(2, ada.cookie)).mine?.correct).toBe(true);

    const all = (await admin.get("predictions")).json();
    expect(all.map((r: { projectNumber: number; status: string }) => [r.projectNumber, r.status])).toEqual([
      [2, "closed"],
      [3, "not_open"],
      [4, "not_open"],
    ]);
  });

  it("a closed round stays closed (its results were public); a round not open cannot be closed", async () => {
    const before = await round(2);
    const reopen = await admin.post("/predictions/round", { projectNumber: 2, open: true });
    expect([reopen.statusCode, reopen.json().error]).toEqual([409, messages.prediction.closedFinal(2)]);
    // Nothing changed: still closed, its predictions still public, and no one can predict now.
    expect(await round(2)).toEqual(before);
    const late = await predict(cem, { projectId: submission.Boats });
    expect([late.statusCode, late.json().error]).toEqual([409, messages.prediction.notOpen(2)]);

    const early = await admin.post("/predictions/round", { projectNumber: 4, open: false });
    expect([early.statusCode, early.json().error]).toEqual([409, messages.prediction.notOpen(4)]);
    expect((await round(4)).status).toBe("not_open");
    const again = await admin.post("/predictions/round", { projectNumber: 2, open: false });
    expect(again.statusCode).toBe(409);
  });

  it("the admin sees the predictions of an open round", async () => {
    await admin.post("/predictions/round", { projectNumber: 3, open: true });
    await predict(bea, { projectNumber: 3, projectId: submission.Dunes });
    const all = (await admin.get("predictions")).json();
    expect(all[1]).toMatchObject({ projectNumber: 3, status: "open", count: 1 });
    expect(all[1].predictions[0]).toMatchObject({ predictorName: "Bea", predictedTitle: "Dunes", correct: null });
    expect((await round(3)).predictions).toEqual([]);
  });

  it("a submission the instructor archives after the close loses its title and picture in the public results", async () => {
    const before = await round(2);
    const archived = await admin.post("/projects/archive", { projectId: submission.Boats, archive: true });
    expect(archived.statusCode, archived.body).toBe(200);
    const after = await round(2, ada.cookie);
    // Before: the closed round (and the semester's archive, from the same read) kept showing the moderated
    // submission's title and picture to everyone, for good.
    expect(after.candidates.map((c) => c.title)).not.toContain("Boats");
    expect(JSON.stringify(after)).not.toMatch(/Boats|b\.webp/);
    const boats = after.candidates.find((c) => c.projectId === submission.Boats);
    expect(boats).toMatchObject({ title: messages.prediction.removedSubmission, image: "" });
    // The result is the one recorded at the close: the same winners, the same right predictions.
    expect(after.winners).toEqual(before.winners);
    expect(after.predictions.map((p) => p.correct)).toEqual(before.predictions.map((p) => p.correct));
    expect(after.mine).toMatchObject({ predictedTitle: messages.prediction.removedSubmission, correct: true });
    // The instructor still sees what it was.
    const all = (await admin.get("predictions")).json();
    expect(JSON.stringify(all[0])).toContain("Boats");
    // Restored, it shows again.
    expect((await admin.post("/projects/archive", { projectId: submission.Boats, archive: false })).statusCode).toBe(
      200,
    );
    expect(await round(2)).toEqual(before);
  });

  it.runIf(kind === "postgres")(
    "a prediction racing the close of its round waits for it and is refused (another instance closing)",
    async () => {
      const [p4] = await t.database.db
        .insert(projects)
        .values({ authorWallet: bea.wallet, projectNumber: 4, title: "Eel", image: "e.webp" })
        .returning({ id: projects.id });
      expect((await admin.post("/predictions/round", { projectNumber: 4, open: true })).statusCode).toBe(200);
      const closing = await openTransactionOfAnotherInstance(t.database.db, async (tx) => {
        await tx
          .update(predictionRounds)
          .set({ open: false, closedAt: new Date() })
          .where(eq(predictionRounds.projectNumber, 4));
      });
      try {
        const late = predict(cem, { projectNumber: 4, projectId: String(p4!.id) });
        // Before: accepted at once, then the close committed with it in the round.
        expect(await settlesWithin(late, 500)).toBe(false);
        closing.release();
        await closing.done;
        const res = await late;
        expect([res.statusCode, res.json().error]).toEqual([409, messages.prediction.notOpen(4)]);
        expect(await t.database.db.select().from(predictions).where(eq(predictions.projectNumber, 4))).toEqual([]);
      } finally {
        closing.release();
      }
    },
  );
});
