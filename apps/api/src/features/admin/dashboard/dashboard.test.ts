/** The admin dashboard's counts. */
import { isActiveBounty } from "@classcoin/shared/bounty-state";
import type { Bounty } from "@classcoin/shared/entities";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bounties, posts, profiles, projects } from "../../../db/schema";
import { ADMIN_WALLET, adminCalls } from "../../../testing/admin";
import { createTestApp, type TestApp } from "../../../testing/app";
import { startTestChain, type TestChain } from "../../../testing/chain";
import { testDatabaseKinds } from "../../../testing/database";

let chain: TestChain;
beforeAll(async () => {
  chain = await startTestChain();
});
afterAll(async () => {
  await chain?.stop();
});

describe.each(testDatabaseKinds())("admin dashboard on %s", (kind) => {
  let t: TestApp;
  let admin: ReturnType<typeof adminCalls>;
  const alice = () => chain.wallet(1).account.address.toLowerCase();
  const bob = () => chain.wallet(2).account.address.toLowerCase();
  beforeAll(async () => {
    t = await createTestApp(chain, kind);
    admin = adminCalls(t.app);
    const { db } = t.database;
    await db.insert(profiles).values([
      { wallet: ADMIN_WALLET, name: "Teacher", birthday: "1980-02-02", starSign: "Aquarius" },
      { wallet: alice(), name: "Alice", birthday: "2010-04-01", starSign: "Aries", photo: "alice.webp" },
      { wallet: bob(), name: "Bob", birthday: "2010-08-01", starSign: "Leo" },
    ]);
    await db.insert(posts).values([
      { authorWallet: alice(), content: "Alice's post", upvotes: 1 },
      { authorWallet: bob(), content: "Bob's post" },
    ]);
    await db.insert(projects).values(
      [1, 2, 3, 4].map((projectNumber) => ({
        authorWallet: alice(),
        projectNumber,
        title: `Art ${projectNumber}`,
        image: `p${projectNumber}.webp`,
      })),
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  it("the dashboard counts profiles (also without the admin's own), posts, bounties and projects", async () => {
    const res = await admin.get("dashboard");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      profiles: { total: 3, archived: 0, totalExcludingAdmin: 2 },
      posts: { total: 2, hidden: 0 },
      bounties: { total: 0, active: 0 },
      projects: { total: 4, archived: 0 },
    });
  });

  it("behavior: a crossed-out bounty, or one whose reward is being paid, is not counted active (as on /bounties and home)", async () => {
    await t.database.db.insert(bounties).values([
      { title: "Open", description: "d", reward: 5 },
      { title: "Crossed out", description: "d", reward: 5, crossedOut: true },
      { title: "Done", description: "d", reward: 5, status: "completed" },
      // Completed by the instructor, its reward not mined yet: still `active`, no longer on offer.
      {
        title: "Being paid",
        description: "d",
        reward: 5,
        rewardTxHash: `0x${"ee".repeat(32)}`,
        completedByWallet: bob(),
      },
    ]);
    const res = await admin.get("dashboard");
    const listed = (await t.app.inject({ method: "GET", url: "/api/admin/public/bounties" })).json() as Bounty[];
    expect(res.json().bounties).toEqual({ total: 4, active: listed.filter(isActiveBounty).length });
    expect(res.json().bounties.active).toBe(1);
  });
});
