/**
 * Issue 17 on profiles: the optional bio (≤ 280 characters, the post's text rules; set, kept, cleared) and
 * the status calls the web app asks about the connected wallet (none / active / archived, and the own
 * submission), which answer 200 where the spec's calls answer 404, so no browser logs an expected absence.
 */
import { bioMessages } from "@classcoin/shared/bio";
import { eq } from "drizzle-orm";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { profiles, projects } from "../../db/schema";
import { adminCalls } from "../../testing/admin";
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

describe.each(testDatabaseKinds())("profile bio and status on %s", (kind) => {
  let t: TestApp;
  let wallet: `0x${string}`;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp(chain, kind);
    const key = generatePrivateKey();
    wallet = privateKeyToAccount(key).address.toLowerCase() as `0x${string}`;
    await chain.fund(wallet, 5);
    cookie = await signIn(t, key);
  });
  afterAll(async () => {
    await t?.close();
  });

  const fields = (extra: Record<string, string> = {}) => ({
    wallet,
    name: "Bea Bio",
    birthday: "2009-04-04",
    starSign: "Aries",
    balance: "5",
    ...extra,
  });
  async function save(url: string, body: Record<string, string>) {
    const form = await multipartBody(body);
    return t.app.inject({ method: "POST", url, payload: form.payload, headers: { ...form.headers, cookie } });
  }
  const status = async () => (await t.app.inject({ method: "GET", url: `/api/profiles/${wallet}/status` })).json();

  it("behavior: a wallet without a profile is 'none' (200), not a 404", async () => {
    const res = await t.app.inject({ method: "GET", url: `/api/profiles/${wallet}/status` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "none", profile: null });
    // The spec's call still answers 404 (spec §7: "404 means none").
    expect((await t.app.inject({ method: "GET", url: `/api/profiles/${wallet}` })).statusCode).toBe(404);
  });

  it("behavior: a bio of up to 280 characters is saved, trimmed, shown, kept when left out and cleared when empty", async () => {
    const tooLong = await save("/api/profiles", fields({ bio: "é".repeat(281) }));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors).toEqual([bioMessages.tooLong]);

    // 280 code points: emoji count as one each, as in posts.
    const bio = `${"🎨".repeat(10)}${"a".repeat(270)}`;
    const created = await save("/api/profiles", fields({ bio: `  ${bio}\n` }));
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().bio).toBe(bio);
    const listed = (await t.app.inject({ method: "GET", url: "/api/profiles" })).json();
    expect(listed.find((p: { wallet: string }) => p.wallet === wallet).bio).toBe(bio);

    // The spec's form (no bio field) keeps it; an empty bio clears it.
    const kept = await save("/api/profiles/update", fields({ name: "Bea Kept" }));
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().bio).toBe(bio);
    const cleared = await save("/api/profiles/update", fields({ bio: "   " }));
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().bio).toBeUndefined();
    const [row] = await t.database.db.select().from(profiles).where(eq(profiles.wallet, wallet));
    expect(row?.bio).toBeNull();
  });

  it("behavior: an archived profile is 'archived', told apart from none, and the profile is not shown", async () => {
    expect(await status()).toMatchObject({ status: "active", profile: { wallet } });
    const admin = adminCalls(t.app);
    expect((await admin.post("/profiles/archive", { wallet, archive: true })).statusCode).toBe(200);
    expect(await status()).toEqual({ status: "archived", profile: null });
    expect((await admin.post("/profiles/archive", { wallet, archive: false })).statusCode).toBe(200);
    expect((await status()).status).toBe("active");
  });

  it("behavior: the own submission's status is null (200) without one, the submission (archived too) with one", async () => {
    const url = `/api/projects/3/${wallet}/status`;
    const none = await t.app.inject({ method: "GET", url });
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({ project: null });
    await t.database.db
      .insert(projects)
      .values({ authorWallet: wallet, projectNumber: 3, title: "Kept", image: "k.webp", archived: true });
    const own = await t.app.inject({ method: "GET", url });
    expect(own.json().project).toMatchObject({ title: "Kept", archived: true });
  });
});
