/**
 * The leaderboard (issue 18): submissions ranked by CC received per project, students ranked by CC held on
 * chain and by CC tipped, the class totals; archived profiles, archived submissions and the admin left out.
 */
import type { Leaderboard } from "@classcoin/shared/leaderboard";
import { eq } from "drizzle-orm";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { profiles, projects, tips } from "../../db/schema";
import { weiOfCc } from "../../db/wei";
import { ADMIN_WALLET } from "../../testing/admin";
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

const newWallet = () => privateKeyToAccount(generatePrivateKey()).address.toLowerCase() as `0x${string}`;

describe.each(testDatabaseKinds())("leaderboard on %s", (kind) => {
  let t: TestApp;
  const ada = newWallet();
  const bea = newWallet();
  const cem = newWallet();
  const gone = newWallet();

  beforeAll(async () => {
    t = await createTestApp(chain, kind);
    const { db } = t.database;
    const profile = (wallet: string, name: string, archived = false) => ({
      wallet,
      name,
      birthday: "2009-03-03",
      starSign: "Aries",
      photo: `${name}.webp`,
      archived,
    });
    await db
      .insert(profiles)
      .values([
        profile(ada, "Ada"),
        profile(bea, "Bea"),
        profile(cem, "Cem"),
        profile(gone, "Gone", true),
        profile(ADMIN_WALLET, "Teacher"),
      ]);
    const rows = await db
      .insert(projects)
      .values([
        { authorWallet: ada, projectNumber: 1, title: "Fox", image: "fox.webp", totalReceivedWei: weiOfCc(5) },
        { authorWallet: bea, projectNumber: 1, title: "Owl", image: "owl.webp", totalReceivedWei: weiOfCc(12) },
        { authorWallet: cem, projectNumber: 1, title: "Cat", image: "cat.webp", totalReceivedWei: weiOfCc(5) },
        { authorWallet: gone, projectNumber: 1, title: "Hidden", image: "h.webp", totalReceivedWei: weiOfCc(99) },
        {
          authorWallet: cem,
          projectNumber: 2,
          title: "Pear",
          image: "p.webp",
          totalReceivedWei: weiOfCc(50),
          archived: true,
        },
        { authorWallet: ada, projectNumber: 2, title: "Lemon", image: "l.webp", totalReceivedWei: weiOfCc(3) },
        { authorWallet: ADMIN_WALLET, projectNumber: 3, title: "Demo", image: "d.webp", totalReceivedWei: weiOfCc(0) },
      ])
      .returning({ id: projects.id, title: projects.title });
    const id = (title: string) => rows.find((r) => r.title === title)!.id;
    const tip = (i: number, from: string, to: string, project: string, amount: number) => ({
      projectId: id(project),
      fromWallet: from,
      toWallet: to,
      amount,
      amountWei: `${amount}000000000000000000`,
      txHash: `0x${String(i).padStart(64, "0")}`,
      logIndex: 0,
    });
    await db
      .insert(tips)
      .values([
        tip(1, ada, bea, "Owl", 7),
        tip(2, cem, bea, "Owl", 5),
        tip(3, ada, cem, "Cat", 5),
        tip(4, gone, ada, "Fox", 5),
        tip(5, bea, ada, "Lemon", 3),
      ]);
    await chain.fund(ada, 30);
    await chain.fund(bea, 45);
    await chain.fund(gone, 1000);
  });
  afterAll(async () => {
    await t?.close();
  });

  const read = async (): Promise<Leaderboard> => {
    const res = await t.app.inject({ method: "GET", url: "/api/leaderboard" });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it("ranks each project's submissions by CC received, ties sharing a rank, without archived ones or archived authors", async () => {
    const board = await read();
    expect(board.projects.map((p) => p.projectNumber)).toEqual([1, 2, 3, 4]);
    const p1 = board.projects[0]!.submissions;
    expect(p1.map((s) => [s.rank, s.title, s.authorName, s.totalReceived])).toEqual([
      [1, "Owl", "Bea", 12],
      [2, "Fox", "Ada", 5],
      [2, "Cat", "Cem", 5],
    ]);
    expect(p1[0]).toMatchObject({ image: "owl.webp", authorPhoto: "Bea.webp", authorWallet: bea });
    expect(board.projects[1]!.submissions.map((s) => s.title)).toEqual(["Lemon"]);
    expect(board.projects[2]!.submissions).toEqual([]);
    expect(JSON.stringify(board)).not.toContain("Gone");
  });

  it("ranks the students by CC held on chain and by CC tipped, with the class totals; the admin is not a student", async () => {
    const board = await read();
    expect(board.holders.map((s) => [s.rank, s.name, s.amount])).toEqual([
      [1, "Bea", 45],
      [2, "Ada", 30],
      [3, "Cem", 0],
    ]);
    expect(board.holders[0]).toMatchObject({ wallet: bea, photo: "Bea.webp" });
    expect(board.tippers.map((s) => [s.rank, s.name, s.amount])).toEqual([
      [1, "Ada", 12],
      [2, "Cem", 5],
      [3, "Bea", 3],
    ]);
    expect(board.classTotal).toEqual({ students: 3, held: 75, tipped: 20, submissions: 4 });
    expect(JSON.stringify(board)).not.toContain(ADMIN_WALLET);
    expect(JSON.stringify(board)).not.toContain("Teacher");
  });

  it("a student who tipped nothing is ranked by what they hold, not among the tippers", async () => {
    const dee = newWallet();
    await t.database.db.insert(profiles).values({ wallet: dee, name: "Dee", birthday: "2009-03-03", starSign: "Leo" });
    try {
      const board = await read();
      expect(board.holders.map((s) => s.name)).toContain("Dee");
      // Before: ranked 4th among the tippers with 0 CC (a new class: everyone tied first at 0 CC).
      expect(board.tippers.map((s) => s.name)).toEqual(["Ada", "Cem", "Bea"]);
      expect(board.classTotal).toMatchObject({ students: 4, tipped: 20 });
    } finally {
      await t.database.db.delete(profiles).where(eq(profiles.wallet, dee));
    }
  });

  it("follows the chain: coins that arrive change the holders' ranking", async () => {
    await chain.fund(cem, 100);
    // Balances are cached for a few seconds (chain/balances.ts).
    await new Promise((resolve) => setTimeout(resolve, 3_100));
    const board = await read();
    expect(board.holders.map((s) => [s.rank, s.name, s.amount])).toEqual([
      [1, "Cem", 100],
      [2, "Bea", 45],
      [3, "Ada", 30],
    ]);
    expect(board.classTotal.held).toBe(175);
  });
});
