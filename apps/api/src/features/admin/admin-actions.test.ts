/** What each admin action does, seen through the admin lists and the public calls. */

import { messages } from "@classcoin/shared/messages";
import type { InjectOptions } from "fastify";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminErrors } from "../../auth/admin";
import { posts, profiles, projects, votes } from "../../db/schema";
import { ADMIN_WALLET, type AdminRequestOptions, signedAdminRequest } from "../../testing/admin";
import { createTestApp, type TestApp } from "../../testing/app";
import { startTestChain, type TestChain } from "../../testing/chain";
import { testDatabaseKinds } from "../../testing/database";
import { multipartBody } from "../../testing/multipart";
import { signIn } from "../../testing/sign-in";

let chain: TestChain;
beforeAll(async () => {
  chain = await startTestChain();
});
afterAll(async () => {
  await chain?.stop();
});

describe.each(testDatabaseKinds())("admin actions on %s", (kind) => {
  let t: TestApp;
  const alice = () => chain.wallet(1).account.address.toLowerCase();
  const bob = () => chain.wallet(2).account.address.toLowerCase();
  let alicePost: string;
  let bobPost: string;
  const projectIds: string[] = [];

  beforeAll(async () => {
    t = await createTestApp(chain, kind);
    const { db } = t.database;
    await db.insert(profiles).values([
      { wallet: ADMIN_WALLET, name: "Teacher", birthday: "1980-02-02", starSign: "Aquarius" },
      { wallet: alice(), name: "Alice", birthday: "2010-04-01", starSign: "Aries", photo: "alice.webp" },
      { wallet: bob(), name: "Bob", birthday: "2010-08-01", starSign: "Leo" },
    ]);
    const rows = await db
      .insert(posts)
      .values([
        { authorWallet: alice(), content: "Alice's post", upvotes: 1 },
        { authorWallet: bob(), content: "Bob's post" },
      ])
      .returning({ id: posts.id });
    alicePost = String(rows[0]!.id);
    bobPost = String(rows[1]!.id);
    await db.insert(votes).values({ postId: rows[0]!.id, wallet: bob(), type: "up" });
    for (const projectNumber of [1, 2, 3, 4]) {
      const [row] = await db
        .insert(projects)
        .values({
          authorWallet: alice(),
          projectNumber,
          title: `Art ${projectNumber}`,
          image: `p${projectNumber}.webp`,
        })
        .returning({ id: projects.id });
      projectIds.push(String(row!.id));
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  async function admin(options: AdminRequestOptions) {
    const request = await signedAdminRequest(options);
    return t.app.inject(request.inject);
  }
  const adminGet = (resource: string) => admin({ method: "GET", path: `/${resource}/:wallet` });
  const adminPost = (path: string, body: Record<string, unknown>) => admin({ method: "POST", path, body });
  const get = (url: string) => t.app.inject({ method: "GET", url } satisfies InjectOptions);

  it("the dashboard counts profiles (also without the admin's own), posts, bounties and projects", async () => {
    const res = await adminGet("dashboard");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      profiles: { total: 3, archived: 0, totalExcludingAdmin: 2 },
      posts: { total: 2, hidden: 0 },
      bounties: { total: 0, active: 0 },
      projects: { total: 4, archived: 0 },
    });
  });

  it("archiving a profile hides it from the public list; restoring brings it back", async () => {
    const archived = await adminPost("/profiles/archive", { wallet: bob(), archive: true });
    expect(archived.statusCode).toBe(200);
    expect(archived.json()).toMatchObject({
      success: true,
      message: "Profile archived",
      profile: { wallet: bob(), archived: true },
    });
    const publicWallets = (await get("/api/profiles")).json().map((p: { wallet: string }) => p.wallet);
    expect(publicWallets).not.toContain(bob());
    expect(publicWallets).toContain(alice());
    expect((await get(`/api/profiles/${bob()}`)).statusCode).toBe(404);
    const all = (await adminGet("profiles")).json();
    expect(all.find((p: { wallet: string }) => p.wallet === bob())).toMatchObject({ name: "Bob", archived: true });
    expect((await adminGet("dashboard")).json().profiles).toEqual({ total: 3, archived: 1, totalExcludingAdmin: 2 });

    const restored = await adminPost("/profiles/archive", { wallet: bob(), archive: false });
    expect(restored.json()).toMatchObject({ message: "Profile unarchived", profile: { archived: false } });
    expect((await get("/api/profiles")).json().map((p: { wallet: string }) => p.wallet)).toContain(bob());
  });

  it("archiving an unknown profile answers 404 and records nothing", async () => {
    const res = await adminPost("/profiles/archive", { wallet: chain.wallet(7).account.address, archive: true });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: "Profile not found" });
  });

  it("hiding a post removes it from the forum; the admin still lists it with its author", async () => {
    const hidden = await adminPost("/posts/hide", { postId: alicePost, hide: true });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json()).toMatchObject({
      success: true,
      message: "Post hidden",
      post: { _id: alicePost, hidden: true },
    });
    const forum = (await get("/api/posts")).json().map((p: { _id: string }) => p._id);
    expect(forum).toEqual([bobPost]);
    const all = (await adminGet("posts")).json();
    expect(all).toHaveLength(2);
    expect(all.find((p: { _id: string }) => p._id === alicePost)).toEqual(
      expect.objectContaining({
        authorName: "Alice",
        authorPhoto: "alice.webp",
        hidden: true,
        upvotes: 1,
        votes: { [bob()]: "up" },
      }),
    );
    const shown = await adminPost("/posts/hide", { postId: alicePost, hide: false });
    expect(shown.json().message).toBe("Post unhidden");
    expect((await get("/api/posts")).json()).toHaveLength(2);
  });

  it("archiving a project removes it from its public list; the admin lists all four projects, archived too", async () => {
    const target = projectIds[1]!;
    const res = await adminPost("/projects/archive", { projectId: target, archive: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: "Project archived", project: { _id: target, archived: true } });
    expect((await get("/api/projects/2")).json()).toEqual([]);
    expect((await get("/api/projects/1")).json()).toHaveLength(1);
    const all = (await adminGet("projects")).json();
    expect(all.map((p: { projectNumber: number }) => p.projectNumber)).toEqual([1, 2, 3, 4]);
    expect(all[1]).toMatchObject({ archived: true, authorName: "Alice", totalReceived: 0 });
    expect((await adminGet("dashboard")).json().projects).toEqual({ total: 4, archived: 1 });
    const restored = await adminPost("/projects/archive", { projectId: target, archive: false });
    expect(restored.json().message).toBe("Project unarchived");
    expect((await get("/api/projects/2")).json()).toHaveLength(1);
  });

  it("a bounty is created, edited, completed, crossed out, restored and deleted, as the public list shows", async () => {
    const created = await adminPost("/bounties", { title: "Paint a fox", description: "Any medium", reward: 50 });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({
      success: true,
      message: "Bounty created",
      bounty: { title: "Paint a fox", reward: 50, status: "active", crossedOut: false, completedBy: null },
    });
    const id = created.json().bounty._id;
    const publicBounty = async () =>
      (await get("/api/admin/public/bounties")).json().find((b: { _id: string }) => b._id === id);
    expect(await publicBounty()).toMatchObject({ title: "Paint a fox", status: "active" });

    const edited = await adminPost("/bounties/update", {
      bountyId: id,
      title: "Paint two foxes",
      description: "Oil",
      reward: 80,
    });
    expect(edited.json()).toMatchObject({
      message: "Bounty updated",
      bounty: { title: "Paint two foxes", reward: 80 },
    });

    const completed = await adminPost("/bounties/update", {
      bountyId: id,
      title: "Paint two foxes",
      description: "Oil",
      reward: 80,
      status: "completed",
      completedBy: "Alice",
    });
    expect(completed.statusCode).toBe(200);
    expect(await publicBounty()).toMatchObject({ status: "completed", completedBy: "Alice" });
    expect((await publicBounty()).completedAt).toEqual(expect.any(String));
    expect((await adminGet("dashboard")).json().bounties).toEqual({ total: 1, active: 0 });

    const crossed = await adminPost("/bounties/cross-out", { bountyId: id, crossOut: true });
    expect(crossed.json()).toMatchObject({ message: "Bounty crossed out", bounty: { crossedOut: true } });
    expect(await publicBounty()).toMatchObject({ crossedOut: true });
    const restored = await adminPost("/bounties/cross-out", { bountyId: id, crossOut: false });
    expect(restored.json().message).toBe("Bounty restored");

    expect((await adminGet("bounties")).json().map((b: { _id: string }) => b._id)).toContain(id);
    const deleted = await adminPost("/bounties/delete", { bountyId: id });
    expect(deleted.json()).toEqual({ success: true, message: "Bounty deleted" });
    expect(await publicBounty()).toBeUndefined();
    const again = await adminPost("/bounties/delete", { bountyId: id });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: "Bounty not found" });
  });

  it("the bounty form's rules answer 400 with their messages and create nothing", async () => {
    const before = (await get("/api/admin/public/bounties")).json();
    const noTitle = await adminPost("/bounties", { title: "  ", description: "D", reward: 5 });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().errors).toEqual(["title: Title is required"]);
    const lowReward = await adminPost("/bounties", { title: "T", description: "D", reward: 0 });
    expect(lowReward.statusCode).toBe(400);
    expect(lowReward.json().error).toMatch(/Reward must be at least 1/);
    const noDescription = await adminPost("/bounties", { title: "T", reward: 5 });
    expect(noDescription.statusCode).toBe(400);
    expect((await get("/api/admin/public/bounties")).json()).toEqual(before);
  });

  it("whitelist mode is switched on and off and read back", async () => {
    expect((await adminGet("settings")).json()).toEqual({ whitelistMode: false });
    const on = await adminPost("/settings", { key: "whitelistMode", value: true });
    expect(on.json()).toEqual({ success: true, message: "Whitelist mode enabled", settings: { whitelistMode: true } });
    expect((await adminGet("settings")).json()).toEqual({ whitelistMode: true });
    const off = await adminPost("/settings", { key: "whitelistMode", value: false });
    expect(off.json().message).toBe("Whitelist mode disabled");
    expect((await adminGet("settings")).json()).toEqual({ whitelistMode: false });
    const unknown = await adminPost("/settings", { key: "somethingElse", value: true });
    expect(unknown.statusCode).toBe(400);
  });

  it("in whitelist mode set by the admin, only a wallet the admin whitelisted can create a profile", async () => {
    const key = generatePrivateKey();
    const wallet = privateKeyToAccount(key).address;
    await chain.fund(wallet, 1);
    const cookie = await signIn(t, key);
    const create = async () => {
      const body = await multipartBody({
        wallet,
        name: "Newcomer",
        birthday: "2011-03-03",
        starSign: "Pisces",
        balance: "1",
      });
      return t.app.inject({
        method: "POST",
        url: "/api/profiles",
        payload: body.payload,
        headers: { ...body.headers, cookie },
      });
    };
    expect((await adminPost("/settings", { key: "whitelistMode", value: true })).statusCode).toBe(200);
    try {
      const refused = await create();
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toBe(messages.profile.whitelist);
      expect((await adminPost("/whitelist/add", { wallet, notes: "late joiner" })).statusCode).toBe(200);
      expect((await create()).statusCode).toBe(201);
    } finally {
      expect((await adminPost("/settings", { key: "whitelistMode", value: false })).statusCode).toBe(200);
      expect((await adminPost("/whitelist/remove", { wallet })).statusCode).toBe(200);
    }
  });

  it("wallets are added to and removed from the whitelist; a missing wallet and a duplicate are refused", async () => {
    const wallet = chain.wallet(5).account.address;
    const added = await adminPost("/whitelist/add", { wallet, notes: "Class 3B" });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({
      success: true,
      message: "Wallet added to the whitelist",
      entry: { wallet: wallet.toLowerCase(), notes: "Class 3B" },
    });
    const list = (await adminGet("whitelist")).json();
    expect(list).toEqual([
      { _id: expect.any(String), wallet: wallet.toLowerCase(), notes: "Class 3B", addedAt: expect.any(String) },
    ]);

    const duplicate = await adminPost("/whitelist/add", { wallet: wallet.toLowerCase(), notes: "" });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error).toBe("This wallet is already on the whitelist");

    const missing = await adminPost("/whitelist/add", { wallet: "", notes: "x" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual(["wallet: Wallet address is required"]);
    const absent = await adminPost("/whitelist/add", { notes: "x" });
    expect(absent.statusCode).toBe(400);
    expect(absent.json().errors).toEqual(["wallet: Wallet address is required"]);

    const removed = await adminPost("/whitelist/remove", { wallet });
    expect(removed.json()).toEqual({ success: true, message: "Wallet removed from the whitelist" });
    expect((await adminGet("whitelist")).json()).toEqual([]);
    expect((await adminPost("/whitelist/remove", { wallet })).statusCode).toBe(404);
  });

  it("two copies of one signed request sent at once: one is executed, the other refused as a replay", async () => {
    const request = await signedAdminRequest({
      method: "POST",
      path: "/bounties",
      body: { title: "Once", description: "Only once", reward: 7 },
    });
    const results = await Promise.all([t.app.inject(request.inject), t.app.inject(request.inject)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 403]);
    expect(results.find((r) => r.statusCode === 403)!.json()).toEqual({ error: adminErrors.used });
    const titles = (await get("/api/admin/public/bounties")).json().map((b: { title: string }) => b.title);
    expect(titles.filter((title: string) => title === "Once")).toHaveLength(1);
  });
});
