/** Tips on a real anvil: the server records a real on-chain transfer once and refuses every forgery. */
import { classCoinAbi } from "@classcoin/contracts";
import { messages } from "@classcoin/shared/messages";
import { tipErrors } from "@classcoin/shared/tips";
import { and, eq } from "drizzle-orm";
import type { Hash } from "viem";
import { parseUnits } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChainClient } from "../../chain/clients";
import { createIndexer } from "../../chain/indexer/indexer";
import { profiles, projects, semesters, tips, transactions } from "../../db/schema";
import { createTestApp, type TestApp } from "../../testing/app";
import { startTestChain, type TestChain } from "../../testing/chain";
import { testDatabaseKinds } from "../../testing/database";
import { signIn } from "../../testing/sign-in";

let chain: TestChain;
beforeAll(async () => {
  chain = await startTestChain({ ownChain: true }); // it stops automine: a chain of its own
  for (const index of [1, 3]) await chain.fund(chain.wallet(index).account.address, 1_000);
});
afterAll(async () => {
  await chain?.stop();
});

const address = (index: number) => chain.wallet(index).account.address.toLowerCase() as `0x${string}`;

async function transfer(from: number, to: `0x${string}`, amount: number, gas?: bigint): Promise<Hash> {
  const hash = await chain.wallet(from).writeContract({
    address: chain.tokenAddress,
    abi: classCoinAbi,
    functionName: "transfer",
    args: [to, parseUnits(String(amount), 18)],
    ...(gas ? { gas } : {}),
  });
  await chain.publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  return hash;
}

describe.each(testDatabaseKinds())("send-coin on %s", (kind) => {
  let t: TestApp;
  let projectId: string;
  let archivedProjectId: string;
  let aliceCookie: string;
  const alice = () => address(1);
  const bob = () => address(2);
  const carol = () => address(3);

  beforeAll(async () => {
    t = await createTestApp(chain, kind);
    const { db } = t.database;
    await db.insert(profiles).values(
      [1, 2, 3].map((i) => ({
        wallet: address(i),
        name: `Student ${i}`,
        birthday: "2010-01-01",
        starSign: "Leo" as const,
      })),
    );
    const [project] = await db
      .insert(projects)
      .values({ authorWallet: bob(), projectNumber: 1, title: "Bob's fox", image: "fox.webp" })
      .returning({ id: projects.id });
    const [archived] = await db
      .insert(projects)
      .values({ authorWallet: carol(), projectNumber: 1, title: "Old", image: "old.webp", archived: true })
      .returning({ id: projects.id });
    projectId = String(project!.id);
    archivedProjectId = String(archived!.id);
    aliceCookie = await signIn(t, 1);
  });
  afterAll(async () => {
    await t?.close();
  });

  const sendCoin = (payload: Record<string, unknown>, cookie: string | null = aliceCookie) =>
    t.app.inject({
      method: "POST",
      url: "/api/projects/send-coin",
      payload,
      ...(cookie ? { headers: { cookie } } : {}),
    });
  const totalReceived = async () =>
    (await t.app.inject({ method: "GET", url: "/api/projects/1" }))
      .json()
      .find((p: { _id: string }) => p._id === projectId).totalReceived;
  const tipCount = async () => (await t.database.db.select().from(tips)).length;

  it("records a real tip once when it is posted twice at the same time, and the explorer row becomes a project tip", async () => {
    const hash = await transfer(1, bob(), 5);
    // The indexer sees the Transfer before the tip is reported (the other order is the indexer's job).
    const indexer = createIndexer({ database: t.database, chain: createChainClient(t.config), config: t.config });
    await indexer.catchUp();
    const explorerRow = () =>
      t.database.db
        .select({ type: transactions.type, description: transactions.description })
        .from(transactions)
        .where(and(eq(transactions.txHash, hash), eq(transactions.toWallet, bob())));
    expect(await explorerRow()).toEqual([{ type: "transfer", description: null }]);

    const body = { fromWallet: alice(), toWallet: bob(), amount: 5, projectId, txHash: hash };
    const results = await Promise.all([sendCoin(body), sendCoin(body)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 200)!.json()).toEqual({
      success: true,
      projectId,
      totalReceived: 5,
      txHash: hash,
    });
    expect(results.find((r) => r.statusCode === 409)!.json()).toEqual({ error: tipErrors.duplicate });
    expect(await totalReceived()).toBe(5);
    expect(await tipCount()).toBe(1);
    // The explorer says what it was for, as it does for a tip reported before the indexer saw it (it said
    // nothing: about one tip in six in a class's week, whichever came first).
    expect(await explorerRow()).toEqual([{ type: "project_tip", description: "Tip for project #1" }]);

    const later = await sendCoin({ ...body, txHash: hash.toUpperCase().replace("0X", "0x") });
    expect(later.statusCode).toBe(409);
    expect(await totalReceived()).toBe(5);
  });

  it("a tip reported while its transaction is still pending is recorded once it is mined", async () => {
    const before = await totalReceived();
    await chain.test.setAutomine(false);
    let reported: ReturnType<typeof sendCoin> | undefined;
    try {
      const hash = await chain.wallet(1).writeContract({
        address: chain.tokenAddress,
        abi: classCoinAbi,
        functionName: "transfer",
        args: [bob(), parseUnits("2", 18)],
      });
      reported = sendCoin({ fromWallet: alice(), toWallet: bob(), amount: 2, projectId, txHash: hash });
    } finally {
      await chain.test.setAutomine(true);
      await chain.test.mine({ blocks: 1 });
    }
    const res = await reported!;
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().totalReceived).toBe(before + 2);
  });

  it("behavior: a tip of 1.5 CC (at least 1, not necessarily whole) is recorded exactly", async () => {
    const before = await totalReceived();
    const hash = await transfer(1, bob(), 1.5);
    const res = await sendCoin({ fromWallet: alice(), toWallet: bob(), amount: 1.5, projectId, txHash: hash });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().totalReceived).toBe(before + 1.5);
    const [row] = await t.database.db.select().from(tips).where(eq(tips.txHash, hash));
    expect(row?.amountWei).toBe(parseUnits("1.5", 18).toString());
    // Below 1 is still refused, whole or not.
    const half = await sendCoin({ fromWallet: alice(), toWallet: bob(), amount: 0.5, projectId, txHash: hash });
    expect(half.statusCode).toBe(400);
    expect(half.json().errors).toEqual([`amount: ${messages.send.amount}`]);
  });

  it("needs a session of fromWallet", async () => {
    const hash = await transfer(1, bob(), 1);
    const body = { fromWallet: alice(), toWallet: bob(), amount: 1, projectId, txHash: hash };
    const count = await tipCount();
    const anonymous = await sendCoin(body, null);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error).toBe(messages.auth.required);
    const carolCookie = await signIn(t, 3);
    const asCarol = await sendCoin(body, carolCookie);
    expect(asCarol.statusCode).toBe(403);
    expect(asCarol.json().error).toBe(messages.auth.wrongWallet);
    expect(await tipCount()).toBe(count);
  });

  describe("refuses, recording nothing,", () => {
    async function expectRefused(
      payload: Record<string, unknown>,
      status: number,
      error: string,
      cookie = aliceCookie,
    ) {
      const before = await totalReceived();
      const count = await tipCount();
      const res = await sendCoin(payload, cookie);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().error).toBe(error);
      expect(await totalReceived()).toBe(before);
      expect(await tipCount()).toBe(count);
    }

    it("a transfer made before the current semester started (its tips were cleared by the reset)", async () => {
      const hash = await transfer(1, bob(), 6);
      // "Start new semester" after that transfer: the new semester starts at the next block. (Not the client's
      // getBlockNumber: it caches the head for 4 s, an older block once other files' transactions came in.)
      const head = (await chain.publicClient.getTransactionReceipt({ hash })).blockNumber;
      const [next] = await t.database.db
        .insert(semesters)
        .values({ startBlock: Number(head) + 1 })
        .returning({ id: semesters.id });
      try {
        // Before: recorded (again), for the author's project of the new semester.
        await expectRefused(
          { fromWallet: alice(), toWallet: bob(), amount: 6, projectId, txHash: hash },
          400,
          "This transfer was made before the current semester started, so it cannot be reported as a tip now",
        );
      } finally {
        await t.database.db.delete(semesters).where(eq(semesters.id, next!.id));
      }
    });

    it("a transfer to someone other than the project's author", async () => {
      const hash = await transfer(1, carol(), 3);
      await expectRefused(
        { fromWallet: alice(), toWallet: bob(), amount: 3, projectId, txHash: hash },
        400,
        tipErrors.notToAuthor,
      );
    });

    it("an amount other than the one transferred", async () => {
      const hash = await transfer(1, bob(), 4);
      await expectRefused(
        { fromWallet: alice(), toWallet: bob(), amount: 5, projectId, txHash: hash },
        400,
        tipErrors.amountMismatch,
      );
    });

    it("someone else's transfer reported as one's own", async () => {
      const hash = await transfer(1, bob(), 2);
      const carolCookie = await signIn(t, 3);
      await expectRefused(
        { fromWallet: carol(), toWallet: bob(), amount: 2, projectId, txHash: hash },
        400,
        tipErrors.notFromSender,
        carolCookie,
      );
    });

    it("a transfer that reverted on chain (more than the balance, mined with a manual gas limit)", async () => {
      const poor = 4;
      const hash = await transfer(poor, bob(), 1_000, 100_000n);
      const receipt = await chain.publicClient.getTransactionReceipt({ hash });
      expect(receipt.status).toBe("reverted");
      const cookie = await signIn(t, poor);
      await expectRefused(
        { fromWallet: address(poor), toWallet: bob(), amount: 1_000, projectId, txHash: hash },
        400,
        tipErrors.failed,
        cookie,
      );
    });

    it("a transaction hash the chain does not know", async () => {
      const hash = `0x${"ab".repeat(32)}`;
      await expectRefused(
        { fromWallet: alice(), toWallet: bob(), amount: 1, projectId, txHash: hash },
        404,
        tipErrors.notFound,
      );
    });

    it("a transaction that moved no ClassCoin", async () => {
      const hash = await chain.wallet(1).sendTransaction({ to: bob(), value: 1n });
      await chain.publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 });
      await expectRefused(
        { fromWallet: alice(), toWallet: bob(), amount: 1, projectId, txHash: hash },
        400,
        tipErrors.notClassCoin,
      );
    });

    it("a tip to oneself, to an archived or unknown project, and an amount below 1 CC", async () => {
      const hash = await transfer(1, bob(), 1);
      const body = { fromWallet: alice(), toWallet: bob(), amount: 1, projectId, txHash: hash };
      const before = await totalReceived();
      await expectRefused({ ...body, toWallet: alice() }, 400, messages.send.self);
      await expectRefused({ ...body, toWallet: carol(), projectId: archivedProjectId }, 400, tipErrors.projectArchived);
      await expectRefused({ ...body, projectId: "999999" }, 404, messages.project.notFound);
      await expectRefused({ ...body, toWallet: carol() }, 400, tipErrors.recipientNotAuthor);
      const zero = await sendCoin({ ...body, amount: 0 });
      expect(zero.statusCode).toBe(400);
      expect(zero.json().errors).toEqual([`amount: ${messages.send.amount}`]);
      // The genuine report of the same transfer is still accepted afterwards.
      const ok = await sendCoin(body);
      expect(ok.statusCode).toBe(200);
      expect(ok.json().totalReceived).toBe(before + 1);
    });
  });
});
