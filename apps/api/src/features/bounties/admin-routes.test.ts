/** The admin's side of bounties: the whole life of a bounty and the form's rules, seen through the public list and the dashboard. */

import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminErrors } from "../../auth/admin";
import { adminCalls, signedAdminRequest } from "../../testing/admin";
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

describe.each(testDatabaseKinds())("admin bounties on %s", (kind) => {
  let t: TestApp;
  let admin: ReturnType<typeof adminCalls>;

  beforeAll(async () => {
    t = await createTestApp(chain, kind);
    admin = adminCalls(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string) => t.app.inject({ method: "GET", url } satisfies InjectOptions);

  it("a bounty is created, edited, completed, crossed out, restored and deleted, as the public list shows", async () => {
    const created = await admin.post("/bounties", { title: "Paint a fox", description: "Any medium", reward: 50 });
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

    const edited = await admin.post("/bounties/update", {
      bountyId: id,
      title: "Paint two foxes",
      description: "Oil",
      reward: 80,
    });
    expect(edited.json()).toMatchObject({
      message: "Bounty updated",
      bounty: { title: "Paint two foxes", reward: 80 },
    });

    const completed = await admin.post("/bounties/update", {
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
    expect((await admin.get("dashboard")).json().bounties).toEqual({ total: 1, active: 0 });

    const crossed = await admin.post("/bounties/cross-out", { bountyId: id, crossOut: true });
    expect(crossed.json()).toMatchObject({ message: "Bounty crossed out", bounty: { crossedOut: true } });
    expect(await publicBounty()).toMatchObject({ crossedOut: true });
    const restored = await admin.post("/bounties/cross-out", { bountyId: id, crossOut: false });
    expect(restored.json().message).toBe("Bounty restored");

    expect((await admin.get("bounties")).json().map((b: { _id: string }) => b._id)).toContain(id);
    const deleted = await admin.post("/bounties/delete", { bountyId: id });
    expect(deleted.json()).toEqual({ success: true, message: "Bounty deleted" });
    expect(await publicBounty()).toBeUndefined();
    const again = await admin.post("/bounties/delete", { bountyId: id });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: "Bounty not found" });
  });

  it("the bounty form's rules answer 400 with their messages and create nothing", async () => {
    const before = (await get("/api/admin/public/bounties")).json();
    const noTitle = await admin.post("/bounties", { title: "  ", description: "D", reward: 5 });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().errors).toEqual(["title: Title is required"]);
    const lowReward = await admin.post("/bounties", { title: "T", description: "D", reward: 0 });
    expect(lowReward.statusCode).toBe(400);
    expect(lowReward.json().error).toMatch(/Reward must be at least 1/);
    const noDescription = await admin.post("/bounties", { title: "T", reward: 5 });
    expect(noDescription.statusCode).toBe(400);
    expect((await get("/api/admin/public/bounties")).json()).toEqual(before);
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
