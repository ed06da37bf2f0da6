import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bounties } from "../../db/schema";
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

describe.each(testDatabaseKinds())("public bounties on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(chain, kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("an empty board answers an empty list", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/admin/public/bounties" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it("lists every bounty newest first with status, crossed-out flag and who completed it when", async () => {
    const day = (n: number) => new Date(Date.UTC(2026, 0, n, 12));
    // Inserted directly: bounty writes are the admin API's; this is only what the public sees of them.
    await t.database.db.insert(bounties).values([
      { title: "Old cancelled", description: "d1", reward: 5, status: "cancelled", createdAt: day(1) },
      {
        title: "Done",
        description: "d2",
        reward: 20,
        status: "completed",
        completedBy: "0x70997970c51812dc3a010c7d01b50e0d17dc79c8",
        completedAt: day(4),
        createdAt: day(2),
      },
      { title: "Struck", description: "d3", reward: 7.5, crossedOut: true, createdAt: day(3) },
      { title: "Newest", description: "d4", reward: 100, createdAt: day(5) },
    ]);
    const res = await t.app.inject({ method: "GET", url: "/api/admin/public/bounties" });
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.map((b: { title: string }) => b.title)).toEqual(["Newest", "Struck", "Done", "Old cancelled"]);
    expect(list[0]).toEqual({
      _id: expect.stringMatching(/^\d+$/),
      title: "Newest",
      description: "d4",
      reward: 100,
      status: "active",
      createdAt: day(5).toISOString(),
      completedBy: null,
      completedAt: null,
      crossedOut: false,
      // Issue 14: set when a completion pays the reward on chain (lifecycle.test.ts).
      completedByWallet: null,
      rewardTxHash: null,
    });
    expect(list[1]).toMatchObject({ status: "active", crossedOut: true, reward: 7.5 });
    expect(list[2]).toMatchObject({
      status: "completed",
      completedBy: "0x70997970c51812dc3a010c7d01b50e0d17dc79c8",
      completedAt: day(4).toISOString(),
    });
    expect(list[3]).toMatchObject({ status: "cancelled", crossedOut: false });
  });
});
