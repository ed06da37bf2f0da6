/**
 * A closed round's result is the one at its close (a tester's rehearsal of a real class): closing records the
 * winners and every submission's CC received, and the round is answered from that record. Before, the results
 * were computed from the live totals on every read, so a tip after the close changed who was right (a student
 * could make their own closed prediction come true) on the page, for the admin and in the semester's archive.
 * On PostgreSQL, a tip racing the close lands wholly before it (counted) or wholly after (not counted).
 */
import type { AdminPredictionRound, PredictionRound } from "@classcoin/shared/predictions";
import type { Archive, ArchivedPredictionRound } from "@classcoin/shared/semesters";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { profiles, projects } from "../../db/schema";
import { weiOfCc } from "../../db/wei";
import { adminCalls } from "../../testing/admin";
import { openTransactionOfAnotherInstance, settlesWithin } from "../../testing/another-instance";
import { createTestApp, type TestApp } from "../../testing/app";
import { startTestChain, type TestChain } from "../../testing/chain";
import { testDatabaseKinds } from "../../testing/database";
import { signIn } from "../../testing/sign-in";
import { dev, transfer } from "../../testing/transfers";
import { setRound } from "./service";

let chain: TestChain;
beforeAll(async () => {
  chain = await startTestChain();
  // Carol and Dave tip; Alice and Bob only receive.
  for (const index of [3, 4]) await chain.fund(dev(index), 100);
});
afterAll(async () => {
  await chain?.stop();
});

interface Person {
  index: number;
  wallet: `0x${string}`;
  name: string;
  cookie: string;
}

/** The class of the rehearsal, its submissions (by title) and the calls the test makes. */
async function rehearsal(t: TestApp) {
  const names = { 1: "Alice Archer", 2: "Bob Baker", 3: "Carol Cole", 4: "Dave Dunn" } as const;
  await t.database.db.insert(profiles).values(
    Object.entries(names).map(([index, name]) => ({
      wallet: dev(Number(index)),
      name,
      birthday: "2010-01-01",
      starSign: "Leo" as const,
    })),
  );
  const person = async (index: 1 | 2 | 3 | 4): Promise<Person> => ({
    index,
    wallet: dev(index),
    name: names[index],
    cookie: await signIn(t, index),
  });
  const [alice, bob, carol, dave] = [await person(1), await person(2), await person(3), await person(4)];
  const submission: Record<string, { id: string; author: Person }> = {};
  const submit = async (author: Person, projectNumber: number, title: string) => {
    const [row] = await t.database.db
      .insert(projects)
      .values({ authorWallet: author.wallet, projectNumber, title, image: `${title.length}.webp` })
      .returning({ id: projects.id });
    submission[title] = { id: String(row!.id), author };
  };
  const admin = adminCalls(t.app);
  const setOpen = async (projectNumber: number, open: boolean) => {
    const res = await admin.post("/predictions/round", { projectNumber, open });
    expect(res.statusCode, res.body).toBe(200);
  };
  const predict = async (who: Person, projectNumber: number, title: string) => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/predictions",
      headers: { cookie: who.cookie },
      payload: { projectNumber, predictorWallet: who.wallet, projectId: submission[title]!.id },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  /** The tip's transfer on chain (mined); `report` then records it as send-coin does. */
  const pay = async (from: Person, title: string, amount: number) => {
    const { id, author } = submission[title]!;
    const txHash = await transfer(chain, from.index, author.wallet, amount);
    return {
      report: () =>
        t.app.inject({
          method: "POST",
          url: "/api/projects/send-coin",
          headers: { cookie: from.cookie },
          payload: { fromWallet: from.wallet, toWallet: author.wallet, amount, projectId: id, txHash },
        }),
    };
  };
  const tip = async (from: Person, title: string, amount: number) => {
    const res = await (await pay(from, title, amount)).report();
    expect(res.statusCode, res.body).toBe(200);
  };
  const round = async (projectNumber: number, viewer?: Person): Promise<PredictionRound> => {
    const res = await t.app.inject({
      method: "GET",
      url: `/api/predictions/${projectNumber}`,
      headers: viewer ? { cookie: viewer.cookie } : {},
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const adminRound = async (projectNumber: number): Promise<AdminPredictionRound> => {
    const res = await admin.get("predictions");
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as AdminPredictionRound[]).find((r) => r.projectNumber === projectNumber)!;
  };
  const liveTotal = async (title: string) => {
    const [row] = await t.database.db
      .select({ total: projects.totalReceived })
      .from(projects)
      .where(eq(projects.id, Number(submission[title]!.id)));
    return row!.total;
  };
  const id = (title: string) => submission[title]!.id;
  /** Who was right, as [predictor, "Right" | "Not this time"], the page's words. */
  const verdicts = (r: { predictions: { predictorName: string; correct: boolean | null }[] }) =>
    r.predictions.map((p) => [p.predictorName, p.correct ? "Right" : "Not this time"]);
  /** The figures shown: [title, CC received]. */
  const figures = (r: PredictionRound | AdminPredictionRound) =>
    r.candidates.map((c) => [c.title, c.totalReceived] as const);
  return {
    alice,
    bob,
    carol,
    dave,
    admin,
    submit,
    setOpen,
    predict,
    pay,
    tip,
    round,
    adminRound,
    liveTotal,
    id,
    verdicts,
    figures,
  };
}

describe.each(testDatabaseKinds())("prediction results at the close on %s", (kind) => {
  let t: TestApp;
  let c: Awaited<ReturnType<typeof rehearsal>>;
  beforeAll(async () => {
    t = await createTestApp(chain, kind);
    c = await rehearsal(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const archivedRound = async (archiveId: string, projectNumber: number): Promise<ArchivedPredictionRound> => {
    const res = await t.app.inject({ method: "GET", url: `/api/archives/${archiveId}` });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as Archive).predictions.find((r) => r.projectNumber === projectNumber)!;
  };

  it("the rehearsal: a tip after the close changes neither the winners, the figures nor who was right", async () => {
    const { alice, bob, carol, dave } = c;
    await c.submit(alice, 2, "Fox at dusk");
    await c.submit(bob, 2, "Night sky");
    await c.submit(carol, 2, "Harbor");
    await c.setOpen(2, true);
    await c.predict(alice, 2, "Harbor");
    await c.predict(bob, 2, "Fox at dusk");
    await c.predict(dave, 2, "Fox at dusk");
    await c.predict(carol, 2, "Night sky");
    await c.tip(dave, "Fox at dusk", 5);
    await c.setOpen(2, false);

    const closed = await c.round(2);
    expect(closed.status).toBe("closed");
    expect(closed.winners).toEqual([c.id("Fox at dusk")]);
    expect(c.figures(closed)).toEqual([
      ["Fox at dusk", 5],
      ["Night sky", 0],
      ["Harbor", 0],
    ]);
    const expectedVerdicts = [
      ["Alice Archer", "Not this time"],
      ["Bob Baker", "Right"],
      ["Dave Dunn", "Right"],
      ["Carol Cole", "Not this time"],
    ];
    expect(c.verdicts(closed)).toEqual(expectedVerdicts);
    const carolsView = await c.round(2, carol);
    expect(carolsView.mine?.correct).toBe(false);
    const adminView = await c.adminRound(2);

    // After the close, Carol tips Bob's "Night sky" 10 CC: the tip is recorded (the live total follows)...
    await c.tip(carol, "Night sky", 10);
    expect(await c.liveTotal("Night sky")).toBe(10);
    // ...and the closed round's result is what it was (before: winners ["Night sky"], Carol right, Bob and
    // Dave "Not this time", and `Received the most: "Night sky" by Bob Baker (10 CC)` on the page).
    expect(await c.round(2)).toEqual(closed);
    expect(await c.round(2, carol)).toEqual(carolsView);
    expect(await c.adminRound(2)).toEqual(adminView);

    // A closed round stays closed: reopening is refused and leaves the result as it was.
    const reopen = await c.admin.post("/predictions/round", { projectNumber: 2, open: true });
    expect(reopen.statusCode).toBe(409);
    expect(await c.round(2)).toEqual(closed);

    // The semester's archive keeps the result as closed.
    const archived = await c.admin.post("/semesters/archive", { name: "Rehearsal" });
    expect(archived.statusCode, archived.body).toBe(200);
    const archivedTwo = await archivedRound(archived.json().archive._id, 2);
    expect(archivedTwo).toMatchObject({ status: "closed", winners: [c.id("Fox at dusk")] });
    expect(c.verdicts(archivedTwo)).toEqual(expectedVerdicts);
  });

  it("a tie: every submission with the most wins, and a tip after the close does not break it", async () => {
    const { alice, bob, carol, dave } = c;
    await c.submit(alice, 3, "Dunes");
    await c.submit(bob, 3, "Owls");
    await c.submit(carol, 3, "Reeds");
    await c.setOpen(3, true);
    await c.predict(carol, 3, "Dunes");
    await c.predict(dave, 3, "Owls");
    await c.predict(alice, 3, "Reeds");
    await c.tip(dave, "Dunes", 3);
    await c.tip(dave, "Owls", 3);
    await c.setOpen(3, false);

    const closed = await c.round(3);
    expect(closed.winners).toEqual([c.id("Dunes"), c.id("Owls")]);
    expect(c.figures(closed)).toEqual([
      ["Dunes", 3],
      ["Owls", 3],
      ["Reeds", 0],
    ]);
    const expectedVerdicts = [
      ["Carol Cole", "Right"],
      ["Dave Dunn", "Right"],
      ["Alice Archer", "Not this time"],
    ];
    expect(c.verdicts(closed)).toEqual(expectedVerdicts);

    // Before: Owls alone won after this tip, and Carol's right prediction turned wrong.
    await c.tip(carol, "Owls", 1);
    expect(await c.liveTotal("Owls")).toBe(4);
    expect(await c.round(3)).toEqual(closed);
  });

  it("equal CC received is a tie however it was tipped (1.1 + 2.2 and 3.3), shown as the same figure", async () => {
    const { alice, bob, carol, dave } = c;
    await c.submit(alice, 4, "Sum of two");
    await c.submit(bob, 4, "One tip");
    await c.setOpen(4, true);
    await c.predict(carol, 4, "One tip");
    await c.tip(dave, "Sum of two", 1.1);
    await c.tip(carol, "Sum of two", 2.2);
    await c.tip(dave, "One tip", 3.3);
    // Before: 3.3000000000000003 against 3.3, and "Sum of two" won alone.
    expect([await c.liveTotal("Sum of two"), await c.liveTotal("One tip")]).toEqual([3.3, 3.3]);
    await c.setOpen(4, false);
    const closed = await c.round(4);
    expect(closed.winners.sort()).toEqual([c.id("Sum of two"), c.id("One tip")].sort());
    expect(c.figures(closed)).toEqual([
      ["Sum of two", 3.3],
      ["One tip", 3.3],
    ]);
    expect(c.verdicts(closed)).toEqual([["Carol Cole", "Right"]]);
  });

  it('"Start new semester" archives the results as they were at their close', async () => {
    // One more tip after both closes, then the final archive of the semester.
    await c.tip(c.dave, "Harbor", 20);
    const started = await c.admin.post("/semesters/start", { clearWhitelist: false });
    expect(started.statusCode, started.body).toBe(200);
    const list = await t.app.inject({ method: "GET", url: "/api/archives" });
    const archiveId = list.json()[0]._id as string;
    const two = await archivedRound(archiveId, 2);
    expect(two.winners).toEqual([c.id("Fox at dusk")]);
    expect(c.verdicts(two)).toEqual([
      ["Alice Archer", "Not this time"],
      ["Bob Baker", "Right"],
      ["Dave Dunn", "Right"],
      ["Carol Cole", "Not this time"],
    ]);
    const three = await archivedRound(archiveId, 3);
    expect(three.winners).toEqual([c.id("Dunes"), c.id("Owls")]);
    expect(c.verdicts(three)).toEqual([
      ["Carol Cole", "Right"],
      ["Dave Dunn", "Right"],
      ["Alice Archer", "Not this time"],
    ]);
    // The new semester starts with no round and no result.
    expect((await c.round(2)).status).toBe("not_open");
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("a tip racing the close of its round on postgres", () => {
  let t: TestApp;
  let c: Awaited<ReturnType<typeof rehearsal>>;
  beforeAll(async () => {
    t = await createTestApp(chain, "postgres");
    c = await rehearsal(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("a tip being written when the admin closes is counted: the close waits for it", async () => {
    await c.submit(c.alice, 2, "Kite");
    await c.submit(c.bob, 2, "Moth");
    await c.setOpen(2, true);
    await c.predict(c.carol, 2, "Kite");
    await c.tip(c.dave, "Moth", 2);
    // Another instance records a 4 CC tip to Kite: its total raised (as send-coin does), not committed yet.
    const tipping = await openTransactionOfAnotherInstance(t.database.db, async (tx) => {
      await tx
        .update(projects)
        .set({ totalReceivedWei: sql`${projects.totalReceivedWei} + ${weiOfCc(4)}::numeric` })
        .where(eq(projects.id, Number(c.id("Kite"))));
    });
    try {
      const closing = c.admin.post("/predictions/round", { projectNumber: 2, open: false });
      // Before: closed at once, without the tip, which then committed into the totals everyone saw while
      // the round was open.
      expect(await settlesWithin(closing, 500)).toBe(false);
      tipping.release();
      await tipping.done;
      expect((await closing).statusCode).toBe(200);
    } finally {
      tipping.release();
    }
    const closed = await c.round(2);
    expect(closed.winners).toEqual([c.id("Kite")]);
    expect(c.figures(closed)).toEqual([
      ["Kite", 4],
      ["Moth", 2],
    ]);
    expect(c.verdicts(closed)).toEqual([["Carol Cole", "Right"]]);
  });

  it("a tip reported while the close is being written waits for it and is not counted", async () => {
    await c.submit(c.alice, 3, "Lantern");
    await c.submit(c.bob, 3, "Maple");
    await c.setOpen(3, true);
    await c.predict(c.dave, 3, "Lantern");
    await c.predict(c.carol, 3, "Maple");
    await c.tip(c.dave, "Lantern", 1);
    const late = await c.pay(c.carol, "Maple", 6);
    // Another instance is closing the round: its result recorded, not committed yet.
    const noReplay = { action: "test", replayKey: "test", consume: async () => {} };
    const closing = await openTransactionOfAnotherInstance(t.database.db, async (tx) => {
      await setRound(tx as unknown as Db, noReplay, { projectNumber: 3, open: false });
    });
    try {
      const reported = late.report();
      // Before: recorded at once, while the close was being written: in the totals as the round closed.
      expect(await settlesWithin(reported, 1000)).toBe(false);
      closing.release();
      await closing.done;
      expect((await reported).statusCode).toBe(200);
    } finally {
      closing.release();
    }
    expect(await c.liveTotal("Maple")).toBe(6);
    const closed = await c.round(3);
    expect(closed.winners).toEqual([c.id("Lantern")]);
    expect(c.figures(closed)).toEqual([
      ["Lantern", 1],
      ["Maple", 0],
    ]);
    expect(c.verdicts(closed)).toEqual([
      ["Dave Dunn", "Right"],
      ["Carol Cole", "Not this time"],
    ]);
  });
});
