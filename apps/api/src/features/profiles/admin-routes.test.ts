/** The admin's side of profiles: archiving and restoring, seen through the admin list, the dashboard and the public calls. */
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { profiles } from "../../db/schema";
import { ADMIN_WALLET, adminCalls } from "../../testing/admin";
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

describe.each(testDatabaseKinds())("admin profiles on %s", (kind) => {
  let t: TestApp;
  let admin: ReturnType<typeof adminCalls>;
  const alice = () => chain.wallet(1).account.address.toLowerCase();
  const bob = () => chain.wallet(2).account.address.toLowerCase();
  beforeAll(async () => {
    t = await createTestApp(chain, kind);
    admin = adminCalls(t.app);
    await t.database.db.insert(profiles).values([
      { wallet: ADMIN_WALLET, name: "Teacher", birthday: "1980-02-02", starSign: "Aquarius" },
      { wallet: alice(), name: "Alice", birthday: "2010-04-01", starSign: "Aries", photo: "alice.webp" },
      { wallet: bob(), name: "Bob", birthday: "2010-08-01", starSign: "Leo" },
    ]);
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string) => t.app.inject({ method: "GET", url } satisfies InjectOptions);

  it("archiving a profile hides it from the public list; restoring brings it back", async () => {
    const archived = await admin.post("/profiles/archive", { wallet: bob(), archive: true });
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
    const all = (await admin.get("profiles")).json();
    expect(all.find((p: { wallet: string }) => p.wallet === bob())).toMatchObject({ name: "Bob", archived: true });
    expect((await admin.get("dashboard")).json().profiles).toEqual({ total: 3, archived: 1, totalExcludingAdmin: 2 });

    const restored = await admin.post("/profiles/archive", { wallet: bob(), archive: false });
    expect(restored.json()).toMatchObject({ message: "Profile unarchived", profile: { archived: false } });
    expect((await get("/api/profiles")).json().map((p: { wallet: string }) => p.wallet)).toContain(bob());
  });

  it("archiving an unknown profile answers 404 and records nothing", async () => {
    const res = await admin.post("/profiles/archive", { wallet: chain.wallet(7).account.address, archive: true });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: "Profile not found" });
  });
});
