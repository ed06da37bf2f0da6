import { devAccount } from "@classcoin/contracts/dev-accounts";
import { parseUnits } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runStartHooks } from "../start-hooks";
import { adminCalls } from "../testing/admin";
import { createTestApp, type TestApp } from "../testing/app";
import { startTestChain, type TestChain } from "../testing/chain";
import { testDatabaseKinds } from "../testing/database";
import { DEMO_FUNDING_CC, demoPeople, demoProjects, demoTips } from "./community";
import { seedDemoData } from "./seed";

let chain: TestChain;
beforeAll(async () => {
  chain = await startTestChain();
});
afterAll(async () => {
  await chain?.stop();
});

const demoWallets = demoPeople.map((p) => devAccount(p.account).address.toLowerCase() as `0x${string}`);

describe.each(testDatabaseKinds())("demo data on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(chain, kind, { SEED_DEMO: "true" });
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = async (url: string) => {
    const res = await t.app.inject({ method: "GET", url });
    expect(res.statusCode, url).toBe(200);
    return res.json();
  };

  it("the first start creates a funded demo community the public endpoints show", async () => {
    const before = await Promise.all(demoWallets.map((w) => chain.balanceOf(w)));
    const lines: string[] = [];
    await runStartHooks(t.app, { log: (line) => lines.push(line) });
    expect(lines.join("\n")).toMatch(/Demo data created/);

    const after = await Promise.all(demoWallets.map((w) => chain.balanceOf(w)));
    const funding = parseUnits(String(DEMO_FUNDING_CC), 18);
    // The funding, then the demo's tips moved real coins between the students.
    const expected = demoWallets.map(() => funding);
    for (const tip of demoTips) {
      const author = demoProjects[tip.project]!.author;
      expected[tip.from]! -= parseUnits(String(tip.amount), 18);
      expected[author]! += parseUnits(String(tip.amount), 18);
    }
    expect(after.map((balance, i) => balance - (before[i] ?? 0n))).toEqual(expected);

    const profiles = await get("/api/profiles");
    expect(profiles.map((p: { wallet: string }) => p.wallet).sort()).toEqual([...demoWallets].sort());
    for (const profile of profiles) {
      const photo = await t.app.inject({ method: "GET", url: `/api/profiles/photo/${profile.photo}` });
      expect(photo.statusCode).toBe(200);
      expect(photo.headers["content-type"]).toBe("image/webp");
    }

    const posts = await get("/api/posts");
    expect(posts.length).toBeGreaterThanOrEqual(5);
    expect(posts.some((p: { upvotes: number }) => p.upvotes > 0)).toBe(true);
    expect(posts.some((p: { downvotes: number }) => p.downvotes > 0)).toBe(true);
    for (const post of posts) {
      const values = Object.values(post.votes);
      expect(post.upvotes).toBe(values.filter((v) => v === "up").length);
      expect(post.downvotes).toBe(values.filter((v) => v === "down").length);
      expect(demoPeople.map((p) => p.name)).toContain(post.authorName);
    }

    // The forum's "I tipped 5 CC to every still life I liked" is true: the projects show what they received.
    const tipped = new Map<string, number>();
    for (const tip of demoTips) {
      const title = demoProjects[tip.project]!.title;
      tipped.set(title, (tipped.get(title) ?? 0) + tip.amount);
    }
    const all = (await Promise.all([1, 2, 3].map((n) => get(`/api/projects/${n}`)))).flat();
    for (const project of all as { title: string; totalReceived: number }[]) {
      expect(project.totalReceived, project.title).toBe(tipped.get(project.title) ?? 0);
    }
    expect(tipped.get("Three lemons")).toBe(5);

    for (const n of [1, 2, 3]) {
      const submissions = await get(`/api/projects/${n}`);
      expect(submissions.length, `project ${n}`).toBeGreaterThan(0);
      const image = await t.app.inject({ method: "GET", url: `/api/projects/image/${submissions[0].image}` });
      expect(image.statusCode).toBe(200);
    }

    const bounties = await get("/api/admin/public/bounties");
    const statuses = new Set(bounties.map((b: { status: string }) => b.status));
    expect(statuses).toEqual(new Set(["active", "completed", "cancelled"]));
    expect(bounties.some((b: { crossedOut: boolean }) => b.crossedOut)).toBe(true);
    const completed = bounties.find((b: { status: string }) => b.status === "completed");
    // A name, as the admin's completion with a student writes it (was the wallet, shown as 0x3c44…93bc).
    expect(demoPeople.map((p) => p.name)).toContain(completed.completedBy);
    expect(completed.completedAt).toEqual(expect.any(String));
  });

  it("a second start changes nothing, on chain or in the database", async () => {
    const balances = await Promise.all(demoWallets.map((w) => chain.balanceOf(w)));
    const posts = await get("/api/posts");
    expect(await seedDemoData(t.app)).toBe("not-empty");
    expect(await Promise.all(demoWallets.map((w) => chain.balanceOf(w)))).toEqual(balances);
    expect(await get("/api/posts")).toEqual(posts);
  });

  it("after 'Start new semester' (the demo students archived) a restart does not seed the demo again", async () => {
    const admin = adminCalls(t.app);
    const archived = await admin.post("/semesters/archive", { name: "Demo term" });
    expect(archived.statusCode, archived.body).toBe(200);
    const started = await admin.post("/semesters/start", { clearWhitelist: false });
    expect(started.statusCode, started.body).toBe(200);
    expect(await get("/api/profiles")).toEqual([]);
    const bounties = await get("/api/admin/public/bounties");
    const balances = await Promise.all(demoWallets.map((w) => chain.balanceOf(w)));
    // Before: no profiles meant a first start, so the demo was seeded into the new semester: the demo students
    // back, every bounty twice, the treasury paying them again.
    expect(await seedDemoData(t.app)).toBe("not-empty");
    expect(await get("/api/profiles")).toEqual([]);
    expect(await get("/api/admin/public/bounties")).toEqual(bounties);
    expect(await Promise.all(demoWallets.map((w) => chain.balanceOf(w)))).toEqual(balances);
  });

  it("SEED_DEMO=false leaves an empty database empty", async () => {
    const off = await createTestApp(chain, kind, { SEED_DEMO: "false" });
    try {
      expect(await seedDemoData(off.app)).toBe("disabled");
      const res = await off.app.inject({ method: "GET", url: "/api/posts" });
      expect(res.json()).toEqual([]);
    } finally {
      await off.close();
    }
  });
});
