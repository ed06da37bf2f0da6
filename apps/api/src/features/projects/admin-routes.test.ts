/** The admin's side of projects: archiving and restoring a submission, seen through the admin list, the dashboard and the public lists. */
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { profiles, projects } from "../../db/schema";
import { adminCalls } from "../../testing/admin";
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

describe.each(testDatabaseKinds())("admin projects on %s", (kind) => {
  let t: TestApp;
  let admin: ReturnType<typeof adminCalls>;
  const alice = () => chain.wallet(1).account.address.toLowerCase();
  const projectIds: string[] = [];
  beforeAll(async () => {
    t = await createTestApp(chain, kind);
    admin = adminCalls(t.app);
    const { db } = t.database;
    await db
      .insert(profiles)
      .values({ wallet: alice(), name: "Alice", birthday: "2010-04-01", starSign: "Aries", photo: "alice.webp" });
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

  const get = (url: string) => t.app.inject({ method: "GET", url } satisfies InjectOptions);

  it("archiving a project removes it from its public list; the admin lists all four projects, archived too", async () => {
    const target = projectIds[1]!;
    const res = await admin.post("/projects/archive", { projectId: target, archive: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: "Project archived", project: { _id: target, archived: true } });
    expect((await get("/api/projects/2")).json()).toEqual([]);
    expect((await get("/api/projects/1")).json()).toHaveLength(1);
    const all = (await admin.get("projects")).json();
    expect(all.map((p: { projectNumber: number }) => p.projectNumber)).toEqual([1, 2, 3, 4]);
    expect(all[1]).toMatchObject({ archived: true, authorName: "Alice", totalReceived: 0 });
    expect((await admin.get("dashboard")).json().projects).toEqual({ total: 4, archived: 1 });
    const restored = await admin.post("/projects/archive", { projectId: target, archive: false });
    expect(restored.json().message).toBe("Project unarchived");
    expect((await get("/api/projects/2")).json()).toHaveLength(1);
  });
});
