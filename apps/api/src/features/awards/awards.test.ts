/** Awards (issue 14): CC minted from the treasury to one student, once per signed request, shown with its note. */
import { classCoinAbi } from "@classcoin/contracts";
import { parseUnits } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminErrors } from "../../auth/admin";
import { createIndexer } from "../../chain/indexer/indexer";
import { profiles, treasuryPayments } from "../../db/schema";
import { adminCalls, signedAdminRequest } from "../../testing/admin";
import { createTestApp, type TestApp } from "../../testing/app";
import { startTestChain, type TestChain } from "../../testing/chain";
import { testDatabaseKinds } from "../../testing/database";
import { dev } from "../../testing/transfers";

let chain: TestChain;
beforeAll(async () => {
  chain = await startTestChain();
});
afterAll(async () => {
  await chain?.stop();
});

describe.each(testDatabaseKinds())("awards on %s", (kind) => {
  let t: TestApp;
  let admin: ReturnType<typeof adminCalls>;
  const supply = () =>
    chain.publicClient.readContract({ address: chain.tokenAddress, abi: classCoinAbi, functionName: "totalSupply" });

  beforeAll(async () => {
    t = await createTestApp(chain, kind);
    admin = adminCalls(t.app);
    await t.database.db.insert(profiles).values([
      { wallet: dev(1), name: "Ada", birthday: "2010-01-01", starSign: "Leo" },
      { wallet: dev(2), name: "Gone", birthday: "2010-01-01", starSign: "Leo", archived: true },
    ]);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("an award arrives with its note, in the student's balance and in the explorer", async () => {
    const before = await chain.balanceOf(dev(1));
    const res = await admin.post("/award", { wallet: dev(1), amount: 15, note: "Best poster of the week" });
    expect(res.statusCode, res.body).toBe(200);
    const { award, message } = res.json();
    expect(message).toBe("Awarded 15 CC to Ada");
    expect(award).toMatchObject({ wallet: dev(1), name: "Ada", amount: 15, note: "Best poster of the week" });
    expect((await chain.balanceOf(dev(1))) - before).toBe(parseUnits("15", 18));

    await createIndexer({ database: t.database, chain: t.app.deps.chain, config: t.config }).catchUp();
    const page = await t.app.inject({ method: "GET", url: `/api/explorer/transactions?wallet=${dev(1)}&type=system` });
    expect(page.json().transactions).toEqual([
      expect.objectContaining({
        type: "system",
        description: "Best poster of the week",
        txHash: award.txHash,
        toWallet: dev(1),
        amount: 15,
      }),
    ]);
  });

  it("one signed award sent twice at once pays once", async () => {
    const before = await chain.balanceOf(dev(1));
    const request = await signedAdminRequest({
      method: "POST",
      path: "/award",
      body: { wallet: dev(1), amount: 2, note: "Twice?" },
    });
    const results = await Promise.all([t.app.inject(request.inject), t.app.inject(request.inject)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 403]);
    expect(results.find((r) => r.statusCode === 403)!.json().error).toBe(adminErrors.used);
    expect((await chain.balanceOf(dev(1))) - before).toBe(parseUnits("2", 18));
  });

  it("the same award form sent again, newly signed (as after 'not mined yet'), follows its payment: paid once", async () => {
    const before = await chain.balanceOf(dev(1));
    const award = { wallet: dev(1), amount: 7, note: "Retried", awardId: "ab".repeat(16) };
    const first = await admin.post("/award", award);
    const again = await admin.post("/award", award);
    expect([first.statusCode, again.statusCode], again.body).toEqual([200, 200]);
    expect(again.json().award.txHash).toBe(first.json().award.txHash);
    // Before: the second signature was a second payment (14 CC for one award of 7).
    expect((await chain.balanceOf(dev(1))) - before).toBe(parseUnits("7", 18));
    const other = await admin.post("/award", { ...award, amount: 8 });
    expect([other.statusCode, other.json().error]).toEqual([
      409,
      "This award form was already sent for another student, amount or note. Reload the page to send a new award.",
    ]);
    const fresh = await admin.post("/award", { ...award, awardId: "cd".repeat(16) });
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect((await chain.balanceOf(dev(1))) - before).toBe(parseUnits("14", 18));
  });

  it("refuses a student without an active profile, the admin, a bad amount or no note, minting nothing", async () => {
    const supplyBefore = await supply();
    const paymentsBefore = (await t.database.db.select().from(treasuryPayments)).length;
    const cases: [Record<string, unknown>, number, string | RegExp][] = [
      [{ wallet: dev(3), amount: 1, note: "x" }, 404, "Choose a student with an active profile."],
      [{ wallet: dev(2), amount: 1, note: "x" }, 404, "Choose a student with an active profile."],
      [{ wallet: dev(0), amount: 1, note: "x" }, 400, "The admin wallet cannot receive a reward or an award."],
      [{ wallet: dev(1), amount: 0, note: "x" }, 400, /Amount must be a whole number of CC from 1 to 1,000,000/],
      [{ wallet: dev(1), amount: 1.5, note: "x" }, 400, /Amount must be a whole number/],
      [{ wallet: dev(1), amount: 1, note: "   " }, 400, /Note is required/],
    ];
    for (const [body, status, error] of cases) {
      const res = await admin.post("/award", body);
      expect(res.statusCode, res.body).toBe(status);
      if (typeof error === "string") expect(res.json().error).toBe(error);
      else expect(res.json().error).toMatch(error);
    }
    expect(await supply()).toBe(supplyBefore);
    expect(await t.database.db.select().from(treasuryPayments)).toHaveLength(paymentsBefore);
  });
});
