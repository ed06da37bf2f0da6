/**
 * Predictions stay private while their round is open (features/predictions): the public archive of a semester
 * archived mid-semester must not publish them either, or anyone reads every classmate's pick at /archive while
 * the round still takes predictions. "Start new semester" archives the class once more, and that final archive
 * keeps every prediction.
 */
import type { Archive, ArchiveSummary } from "@classcoin/shared/semesters";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projects } from "../../db/schema";
import { weiOfCc } from "../../db/wei";
import { adminCalls } from "../../testing/admin";
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

describe.each(testDatabaseKinds())("an archive of an open prediction round on %s", (kind) => {
  let t: TestApp;
  let admin: ReturnType<typeof adminCalls>;
  beforeAll(async () => {
    t = await createTestApp(chain, kind);
    admin = adminCalls(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  const member = (name: string) => newMember(t, name);

  it("does not publish the open round's predictions; the final archive of a new semester keeps them", async () => {
    const ada = await member("Ada");
    const bea = await member("Bea");
    const [project] = await t.database.db
      .insert(projects)
      .values({
        authorWallet: ada.wallet,
        projectNumber: 2,
        title: "Engines",
        image: "a.webp",
        totalReceivedWei: weiOfCc(3),
      })
      .returning({ id: projects.id });
    expect((await admin.post("/predictions/round", { projectNumber: 2, open: true })).statusCode).toBe(200);
    const made = await t.app.inject({
      method: "POST",
      url: "/api/predictions",
      headers: { cookie: bea.cookie },
      payload: { projectNumber: 2, predictorWallet: bea.wallet, projectId: String(project!.id) },
    });
    expect(made.statusCode, made.body).toBe(200);

    // The live page keeps Bea's pick to herself while the round is open.
    const live = await t.app.inject({ method: "GET", url: "/api/predictions/2" });
    expect(live.json()).toMatchObject({ status: "open", count: 1, predictions: [] });

    const archived = await admin.post("/semesters/archive", { name: "Spring" });
    expect(archived.statusCode, archived.body).toBe(200);
    const id = (archived.json().archive as ArchiveSummary)._id;
    const publicArchive = await t.app.inject({ method: "GET", url: `/api/archives/${id}` });
    expect(publicArchive.statusCode).toBe(200);
    const round = (publicArchive.json() as Archive).predictions.find((r) => r.projectNumber === 2);
    expect(round?.status).toBe("open");
    expect(round?.predictions).toEqual([]);
    expect(round?.withheld).toBe(true);
    // Rounds never opened have nothing to withhold.
    expect((publicArchive.json() as Archive).predictions.find((r) => r.projectNumber === 3)?.withheld).toBeUndefined();

    // The semester ends: the final archive has every prediction of the class.
    const started = await admin.post("/semesters/start", { clearWhitelist: false });
    expect(started.statusCode, started.body).toBe(200);
    const final = (await t.app.inject({ method: "GET", url: `/api/archives/${id}` })).json() as Archive;
    const finalRound = final.predictions.find((r) => r.projectNumber === 2);
    expect(finalRound?.predictions).toMatchObject([{ predictorWallet: bea.wallet, predictedWallet: ada.wallet }]);
    expect(finalRound?.withheld).toBeUndefined();
  });
});
