/**
 * Races at the sizes a class produces on a busy day: 200 wallets voting and switching on one post, 100
 * copies of one tip report at once, 30 simultaneous profile creations for one wallet, and 10 simultaneous
 * "Deploy ClassCoin" requests. Each ends in exactly the state one orderly request would leave.
 */
import { classCoinAbi } from "@classcoin/contracts";
import { eq } from "drizzle-orm";
import { parseUnits } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { posts, profiles, projects, tips, votes } from "../db/schema";
import { signedAdminRequest } from "../testing/admin";
import { createTestApp, type TestApp } from "../testing/app";
import { startTestChain, type TestChain } from "../testing/chain";
import { testDatabaseKinds } from "../testing/database";
import { multipartBody } from "../testing/multipart";
import { signIn } from "../testing/sign-in";
import { transfer } from "../testing/transfers";

const CC = (n: number) => parseUnits(String(n), 18);

let chain: TestChain;
beforeAll(async () => {
  chain = await startTestChain({ ownChain: true }); // it stops automine: a chain of its own
  for (const i of [1, 4]) await chain.fund(chain.wallet(i).account.address, 1_000);
});
afterAll(async () => {
  await chain?.stop();
});

const address = (index: number) => chain.wallet(index).account.address.toLowerCase() as `0x${string}`;

describe.each(testDatabaseKinds())("concurrency on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(chain, kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("200 wallets voting at once, half switching, leave counts equal to the votes map", async () => {
    const { db } = t.database;
    const [post] = await db
      .insert(posts)
      .values({ authorWallet: address(2), content: "busy" })
      .returning();
    const postId = String(post!.id);
    const keys = Array.from({ length: 200 }, () => generatePrivateKey());
    const voters = keys.map((k) => privateKeyToAccount(k).address.toLowerCase());
    // Voting takes a profile.
    await db
      .insert(profiles)
      .values(voters.map((wallet, i) => ({ wallet, name: `Voter ${i}`, birthday: "2010-01-01", starSign: "Leo" })));
    const cookies: string[] = [];
    for (let i = 0; i < keys.length; i += 50) {
      cookies.push(...(await Promise.all(keys.slice(i, i + 50).map((k) => signIn(t, k)))));
    }
    const expected = new Map<string, "up" | "down">();
    const requests = voters.flatMap((wallet, i) => {
      const first = i % 3 === 0 ? "down" : "up";
      const second = first === "up" ? "down" : "up";
      const send = (type: string) =>
        t.app.inject({
          method: "POST",
          url: "/api/posts/vote",
          headers: { cookie: cookies[i]! },
          payload: { postId, type, voterWallet: wallet },
        });
      // Every other wallet switches, its second vote racing its first: the last answer wins.
      if (i % 2 === 0) {
        expected.set(wallet, first);
        return [send(first)];
      }
      return [send(first), send(second)];
    });
    const responses = await Promise.all(requests);
    expect(responses.filter((r) => r.statusCode !== 200).map((r) => r.body)).toEqual([]);

    const rows = await db.select().from(votes).where(eq(votes.postId, post!.id));
    expect(rows.map((r) => r.wallet).sort()).toEqual([...voters].sort());
    for (const [wallet, type] of expected) expect(rows.find((r) => r.wallet === wallet)?.type).toBe(type);
    const [stored] = await db.select().from(posts).where(eq(posts.id, post!.id));
    expect(stored!.upvotes).toBe(rows.filter((r) => r.type === "up").length);
    expect(stored!.downvotes).toBe(rows.filter((r) => r.type === "down").length);
    expect(stored!.upvotes + stored!.downvotes).toBe(200);
    const listed = (await t.app.inject({ method: "GET", url: "/api/posts" }))
      .json()
      .find((p: { _id: string }) => p._id === postId);
    expect(Object.keys(listed.votes)).toHaveLength(200);
    expect(listed.upvotes).toBe(stored!.upvotes);
  });

  it("100 simultaneous reports of one tip: one record, one totalReceived increase, 99 refusals", async () => {
    const { db } = t.database;
    await db
      .insert(profiles)
      .values([1, 3].map((i) => ({ wallet: address(i), name: `S${i}`, birthday: "2010-01-01", starSign: "Leo" })))
      .onConflictDoNothing();
    const [project] = await db
      .insert(projects)
      .values({ authorWallet: address(3), projectNumber: 1, title: "Fox", image: "fox.webp" })
      .returning();
    const cookie = await signIn(t, 1);
    const txHash = await transfer(chain, 1, address(3), 7);
    const body = { fromWallet: address(1), toWallet: address(3), amount: 7, projectId: String(project!.id), txHash };
    const results = await Promise.all(
      Array.from({ length: 100 }, () =>
        t.app.inject({ method: "POST", url: "/api/projects/send-coin", headers: { cookie }, payload: body }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(99);
    expect(await db.select().from(tips).where(eq(tips.projectId, project!.id))).toHaveLength(1);
    const [stored] = await db.select().from(projects).where(eq(projects.id, project!.id));
    expect(stored!.totalReceived).toBe(7);
  });

  it("30 simultaneous profile creations for one wallet: exactly one profile, no server error", async () => {
    const cookie = await signIn(t, 4);
    const form = await multipartBody({
      wallet: address(4),
      name: "Racer",
      birthday: "2010-03-03",
      starSign: "Aries",
      balance: 1000,
    });
    const results = await Promise.all(
      Array.from({ length: 30 }, () =>
        t.app.inject({
          method: "POST",
          url: "/api/profiles",
          payload: form.payload,
          headers: { ...form.headers, cookie },
        }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(29);
    expect(
      await t.database.db
        .select()
        .from(profiles)
        .where(eq(profiles.wallet, address(4))),
    ).toHaveLength(1);
  });

  it("10 simultaneous deploy requests (10 signatures, and one signature sent 10 times): one mint per profile", async () => {
    const { db } = t.database;
    await db.delete(profiles);
    const students = Array.from({ length: 5 }, () => privateKeyToAccount(generatePrivateKey()).address.toLowerCase());
    await db
      .insert(profiles)
      .values(students.map((wallet) => ({ wallet, name: "S", birthday: "2010-01-01", starSign: "Leo" as const })));
    const supply = () =>
      chain.publicClient.readContract({ address: chain.tokenAddress, abi: classCoinAbi, functionName: "totalSupply" });
    const supplyBefore = await supply();
    const signed = async () =>
      (await signedAdminRequest({ method: "POST", path: "/deploy-classcoin", body: { confirmed: true } })).inject;
    const one = await signed();
    const requests = [
      ...(await Promise.all(Array.from({ length: 10 }, () => signed()))),
      ...Array.from({ length: 10 }, () => one),
    ];

    // Hold the running deploy's mint in the mempool until every other request has been answered.
    await chain.test.setAutomine(false);
    let answered = 0;
    const pending = requests.map((r) =>
      t.app.inject(r).then((res) => {
        answered++;
        return res;
      }),
    );
    const deadline = Date.now() + 30_000;
    while (answered < requests.length - 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    await chain.test.setAutomine(true);
    await chain.test.mine({ blocks: 1 });
    const results = await Promise.all(pending);

    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.every((c) => c === 200 || c === 409 || c === 403)).toBe(true);
    const balances = await Promise.all(students.map((w) => chain.balanceOf(w as `0x${string}`)));
    expect(balances).toEqual(students.map(() => CC(10_000)));
    expect((await supply()) - supplyBefore).toBe(CC(50_000));
  });
});
