/** "Deploy ClassCoin" on a real anvil: who receives 10,000 CC, once, and what a failure reports. */
import { classCoinAbi } from "@classcoin/contracts";
import { devAccount } from "@classcoin/contracts/dev-accounts";
import { desc, eq } from "drizzle-orm";
import { parseUnits } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminErrors } from "../../../auth/admin";
import { createChainClient } from "../../../chain/clients";
import { createIndexer } from "../../../chain/indexer/indexer";
import { deployRuns, profiles, transactions } from "../../../db/schema";
import { ADMIN_WALLET, signedAdminRequest } from "../../../testing/admin";
import { createTestApp, type TestApp } from "../../../testing/app";
import { startTestChain, type TestChain } from "../../../testing/chain";
import { testDatabaseKinds } from "../../../testing/database";

const CC = (n: number) => parseUnits(String(n), 18);
const randomWallet = () => privateKeyToAccount(generatePrivateKey()).address.toLowerCase() as `0x${string}`;

let chain: TestChain;
beforeAll(async () => {
  chain = await startTestChain({ ownChain: true }); // it stops automine: a chain of its own
});
afterAll(async () => {
  await chain?.stop();
});

describe.each(testDatabaseKinds())("deploy ClassCoin on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(chain, kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  // Spec §7's path, `/api/admin/deploy-{product}` with {product} = ClassCoin.
  const deploy = async () =>
    t.app.inject(
      (await signedAdminRequest({ method: "POST", path: "/deploy-ClassCoin", body: { confirmed: true } })).inject,
    );
  const supply = () =>
    chain.publicClient.readContract({ address: chain.tokenAddress, abi: classCoinAbi, functionName: "totalSupply" });
  const balances = (wallets: `0x${string}`[]) => Promise.all(wallets.map((w) => chain.balanceOf(w)));

  it("mints 10,000 CC to every active profile except the admin's, in chunks, and the indexer sees mints", async () => {
    const { db } = t.database;
    const active = [randomWallet(), randomWallet()];
    const archived = randomWallet();
    await db
      .insert(profiles)
      .values([
        { wallet: ADMIN_WALLET, name: "Teacher", birthday: "1980-01-01", starSign: "Leo" },
        ...active.map((wallet, i) => ({ wallet, name: `Student ${i}`, birthday: "2010-01-01", starSign: "Leo" })),
        { wallet: archived, name: "Gone", birthday: "2010-01-01", starSign: "Leo", archived: true },
      ]);
    // Enough students for three mintBatch chunks of 200.
    const crowd = Array.from({ length: 450 }, () => randomWallet());
    await db
      .insert(profiles)
      .values(crowd.map((wallet) => ({ wallet, name: "S", birthday: "2010-01-01", starSign: "Leo" })));
    const adminBefore = await chain.balanceOf(ADMIN_WALLET);
    const supplyBefore = await supply();

    const res = await deploy();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ recipients: 452, amountPerProfile: 10_000, totalDeployed: 4_520_000 });

    expect(await balances(active)).toEqual([CC(10_000), CC(10_000)]);
    expect(await chain.balanceOf(crowd[0]!)).toBe(CC(10_000));
    expect(await chain.balanceOf(crowd[449]!)).toBe(CC(10_000));
    expect(await chain.balanceOf(archived)).toBe(0n);
    expect(await chain.balanceOf(ADMIN_WALLET)).toBe(adminBefore);
    expect((await supply()) - supplyBefore).toBe(CC(4_520_000));

    const [run] = await db.select().from(deployRuns);
    expect(run).toMatchObject({ status: "completed", recipients: 452, minted: 452 });
    expect(run!.txHashes).toHaveLength(3);

    const indexer = createIndexer({ database: t.database, chain: createChainClient(t.config), config: t.config });
    await indexer.catchUp();
    const mints = (await db.select().from(transactions).where(eq(transactions.type, "mint"))).filter((m) =>
      run!.txHashes.includes(m.txHash),
    );
    expect(mints).toHaveLength(452);
    expect(mints.find((m) => m.toWallet === active[0])).toMatchObject({
      amount: 10_000,
      fromWallet: expect.stringMatching(/^0x0{40}$/),
    });
  });

  it("answers in lowercase too (earlier releases' path), and a signature used on one spelling is refused on the other", async () => {
    const signed = await signedAdminRequest({ method: "POST", path: "/deploy-classcoin", body: { confirmed: true } });
    const res = await t.app.inject(signed.inject);
    expect(res.statusCode, res.body).toBe(200);
    const replay = await t.app.inject({ ...signed.inject, url: "/api/admin/deploy-ClassCoin" });
    expect([replay.statusCode, replay.json().error]).toEqual([403, adminErrors.used]);
  });

  it("two deploy requests at once (different signatures): one mints, the other is refused while it runs", async () => {
    const { db } = t.database;
    await db.delete(profiles);
    const students = [randomWallet(), randomWallet(), randomWallet()];
    await db
      .insert(profiles)
      .values(students.map((wallet) => ({ wallet, name: "S", birthday: "2010-01-01", starSign: "Leo" })));
    const supplyBefore = await supply();

    // Hold the first deploy's mint in the mempool until the second request has been answered.
    await chain.test.setAutomine(false);
    const first = deploy();
    const second = deploy();
    const answered = await Promise.race([first.then(() => "first"), second.then(() => "second")]);
    await chain.test.setAutomine(true);
    await chain.test.mine({ blocks: 1 });
    const results = await Promise.all([first, second]);

    const statuses = results.map((r) => r.statusCode);
    expect(statuses.sort()).toEqual([200, 409]);
    const refused = results.find((r) => r.statusCode === 409)!;
    expect(refused.json().error).toMatch(/already running/);
    expect(answered).toBe(results[0]!.statusCode === 409 ? "first" : "second");
    expect(await balances(students)).toEqual([CC(10_000), CC(10_000), CC(10_000)]);
    expect((await supply()) - supplyBefore).toBe(CC(30_000));

    // Once the first has finished, a new signed deploy runs again (a deliberate second round).
    const again = await deploy();
    expect(again.statusCode).toBe(200);
    expect(await balances(students)).toEqual([CC(20_000), CC(20_000), CC(20_000)]);
  });

  it("with no active profile besides the admin's it mints nothing", async () => {
    const { db } = t.database;
    await db.delete(profiles);
    await db
      .insert(profiles)
      .values({ wallet: ADMIN_WALLET, name: "Teacher", birthday: "1980-01-01", starSign: "Leo" });
    const supplyBefore = await supply();
    const res = await deploy();
    expect(res.json()).toEqual({ recipients: 0, amountPerProfile: 10_000, totalDeployed: 0 });
    expect(await supply()).toBe(supplyBefore);
  });

  it("a chunk that fails midway: 502 saying how many were minted and how many not; the minted keep their coins", async () => {
    const { db } = t.database;
    await db.delete(profiles);
    const first = Array.from({ length: 200 }, () => randomWallet());
    await db
      .insert(profiles)
      .values(first.map((wallet) => ({ wallet, name: "S", birthday: "2010-01-01", starSign: "Leo" })));
    // The token refuses to mint to the zero address, so the second chunk reverts.
    const late = randomWallet();
    await db.insert(profiles).values([
      { wallet: `0x${"0".repeat(40)}`, name: "Nobody", birthday: "2010-01-01", starSign: "Leo" },
      { wallet: late, name: "Late", birthday: "2010-01-01", starSign: "Leo" },
    ]);
    const supplyBefore = await supply();
    const res = await deploy();
    expect(res.statusCode).toBe(502);
    expect(res.json().error).toMatch(
      /^Deploy stopped after minting 10000 CC to 200 of 202 profiles; 2 profiles were not minted to\. Cause: .+/,
    );
    expect(await chain.balanceOf(first[0]!)).toBe(CC(10_000));
    expect(await chain.balanceOf(first[199]!)).toBe(CC(10_000));
    expect(await chain.balanceOf(late)).toBe(0n);
    expect((await supply()) - supplyBefore).toBe(CC(2_000_000));
    const [run] = await db.select().from(deployRuns).orderBy(desc(deployRuns.id)).limit(1);
    expect(run).toMatchObject({ status: "failed", recipients: 202, minted: 200 });
    expect(run!.txHashes).toHaveLength(1);
  });

  it("confirmed must be true", async () => {
    const res = await t.app.inject(
      (await signedAdminRequest({ method: "POST", path: "/deploy-classcoin", body: { confirmed: false } })).inject,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/confirmed must be true/);
  });

  it("a treasury that does not own the token: 502 saying nothing was minted, and the next deploy is not blocked", async () => {
    const wrong = await createTestApp(chain, kind, { TREASURY_PRIVATE_KEY: devAccount(3).privateKey });
    try {
      const student = randomWallet();
      await wrong.database.db
        .insert(profiles)
        .values({ wallet: student, name: "S", birthday: "2010-01-01", starSign: "Leo" });
      const send = async () =>
        wrong.app.inject(
          (await signedAdminRequest({ method: "POST", path: "/deploy-classcoin", body: { confirmed: true } })).inject,
        );
      const res = await send();
      expect(res.statusCode).toBe(502);
      expect(res.json().error).toMatch(
        /^Deploy stopped after minting 10000 CC to 0 of 1 profiles; 1 profiles were not minted to\. Cause: /,
      );
      expect(await chain.balanceOf(student)).toBe(0n);
      const [run] = await wrong.database.db.select().from(deployRuns);
      expect(run).toMatchObject({ status: "failed", minted: 0, recipients: 1 });
      // The failed run released the lock: the next request is tried (and fails the same way), not refused.
      expect((await send()).statusCode).toBe(502);
    } finally {
      await wrong.close();
    }
  });
});
