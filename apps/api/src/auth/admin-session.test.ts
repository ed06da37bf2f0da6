/**
 * Admin reads by session (issue 14): after the admin signs in, every admin GET answers without a signed
 * message; nobody else's session, an expired one or a foreign path wallet does; writes still need their own
 * signed message.
 */
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminSignatures, sessions } from "../db/schema";
import { adminRouteTable } from "../features/admin/routes";
import { ADMIN_WALLET, adminInject } from "../testing/admin";
import { createTestApp, type TestApp } from "../testing/app";
import { startTestChain, type TestChain } from "../testing/chain";
import { testDatabaseKinds } from "../testing/database";
import { signIn } from "../testing/sign-in";
import { adminErrors } from "./admin";

let chain: TestChain;
beforeAll(async () => {
  chain = await startTestChain();
});
afterAll(async () => {
  await chain?.stop();
});

describe.each(testDatabaseKinds())("admin reads by session on %s", (kind) => {
  let t: TestApp;
  let adminCookie: string;
  let studentCookie: string;
  const reads = () => adminRouteTable.filter((r) => r.method === "GET");
  const writes = () => adminRouteTable.filter((r) => r.method === "POST");
  const read = (path: string, cookie?: string, wallet: string = ADMIN_WALLET, query = "") =>
    t.app.inject({
      method: "GET",
      url: `/api/admin${path.replace(":wallet", wallet)}${query}`,
      headers: cookie ? { cookie } : {},
    });

  beforeAll(async () => {
    t = await createTestApp(chain, kind);
    adminCookie = await signIn(t, 0);
    studentCookie = await signIn(t, 1);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("every admin read answers the signed-in admin without a signature, and records nothing", async () => {
    expect(reads().length).toBeGreaterThanOrEqual(7);
    const before = await t.database.db.select().from(adminSignatures);
    for (const route of reads()) {
      const res = await read(route.path, adminCookie);
      expect(res.statusCode, `${route.path}: ${res.body}`).toBe(200);
    }
    expect(await t.database.db.select().from(adminSignatures)).toEqual(before);
  });

  it("refuses a read without a session, with a student's session, for another wallet, or with a bad signature", async () => {
    for (const route of reads()) {
      for (const cookie of [undefined, studentCookie]) {
        const res = await read(route.path, cookie);
        expect([res.statusCode, res.json()]).toEqual([403, { error: adminErrors.missing }]);
      }
      const foreign = await read(route.path, adminCookie, chain.account(1).address.toLowerCase());
      expect([foreign.statusCode, foreign.json()]).toEqual([403, { error: adminErrors.missing }]);
      // A request that carries a message is checked as signed, session or not.
      const forged = await read(route.path, adminCookie, ADMIN_WALLET, "?message=x&signature=0x1234");
      expect(forged.statusCode).toBe(403);
      expect(forged.json().error).toBe(adminErrors.signer);
    }
  });

  it("an expired admin session reads nothing", async () => {
    const cookie = await signIn(t, 0);
    const token = cookie.split("=")[1] ?? "";
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, createHash("sha256").update(token).digest("hex")));
    const res = await read("/dashboard/:wallet", cookie);
    expect(res.statusCode).toBe(403);
  });

  it("every admin write still needs its own signed message, session or not", async () => {
    for (const route of writes()) {
      const res = await t.app.inject({
        ...adminInject("POST", route.path, ADMIN_WALLET, {}, undefined, undefined),
        headers: { cookie: adminCookie },
      });
      expect([route.path, res.statusCode, res.json()]).toEqual([route.path, 403, { error: adminErrors.missing }]);
    }
  });
});
