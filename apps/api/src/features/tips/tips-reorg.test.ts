/**
 * Tips follow the chain. A tip is recorded from its receipt (block number and hash kept); when the indexer
 * rolls back that block after a reorg, or indexes the tip's block height and finds its Transfer log is not
 * there (the receipt came from a block that lost), the tip is removed and the project's `totalReceived`
 * goes down by its amount. After `evm_revert` the tip row and the total used to stay.
 */
import { classCoinAbi } from "@classcoin/contracts";
import { eq } from "drizzle-orm";
import { type Hash, parseUnits } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChainClient } from "../../chain/clients";
import { createIndexer, type Indexer } from "../../chain/indexer/indexer";
import { profiles, projects, tips, transactions } from "../../db/schema";
import { createTestApp, type TestApp } from "../../testing/app";
import { startTestChain, type TestChain } from "../../testing/chain";
import { testDatabaseKinds } from "../../testing/database";
import { signIn } from "../../testing/sign-in";

let chain: TestChain;
beforeAll(async () => {
  chain = await startTestChain({ ownChain: true }); // snapshot/revert: a chain of its own
  await chain.fund(chain.wallet(1).account.address, 1_000);
});
afterAll(async () => {
  await chain?.stop();
});

const address = (index: number) => chain.wallet(index).account.address.toLowerCase() as `0x${string}`;

async function transfer(from: number, to: `0x${string}`, amount: number): Promise<Hash> {
  const hash = await chain.wallet(from).writeContract({
    address: chain.tokenAddress,
    abi: classCoinAbi,
    functionName: "transfer",
    args: [to, parseUnits(String(amount), 18)],
  });
  await chain.publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  return hash;
}

describe.each(testDatabaseKinds())("tips across a reorg on %s", (kind) => {
  let t: TestApp;
  let indexer: Indexer;
  let projectId: string;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp(chain, kind);
    const { db } = t.database;
    await db
      .insert(profiles)
      .values(
        [1, 2].map((i) => ({ wallet: address(i), name: `Student ${i}`, birthday: "2010-01-01", starSign: "Leo" })),
      );
    const [project] = await db
      .insert(projects)
      .values({ authorWallet: address(2), projectNumber: 1, title: "Fox", image: "fox.webp" })
      .returning({ id: projects.id });
    projectId = String(project!.id);
    cookie = await signIn(t, 1);
    indexer = createIndexer({ database: t.database, chain: createChainClient(t.config), config: t.config });
    await indexer.catchUp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const tip = async (amount: number) => {
    const txHash = await transfer(1, address(2), amount);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/projects/send-coin",
      headers: { cookie },
      payload: { fromWallet: address(1), toWallet: address(2), amount, projectId, txHash },
    });
    expect(res.statusCode, res.body).toBe(200);
    return txHash;
  };
  const totalReceived = async () =>
    (
      await t.database.db
        .select()
        .from(projects)
        .where(eq(projects.id, Number(projectId)))
    )[0]?.totalReceived;
  const tipRows = (txHash: string) => t.database.db.select().from(tips).where(eq(tips.txHash, txHash));

  it("a tip whose block the indexer rolls back is removed and totalReceived goes down", async () => {
    const kept = await tip(2);
    await indexer.catchUp();
    const snapshot = await chain.test.snapshot();
    const dropped = await tip(5);
    await indexer.catchUp();
    expect(await totalReceived()).toBe(7);
    expect(await t.database.db.select().from(transactions).where(eq(transactions.txHash, dropped))).toHaveLength(1);
    expect((await tipRows(dropped))[0]?.blockNumber).toBeGreaterThan(0);

    await chain.test.revert({ id: snapshot });
    await chain.test.mine({ blocks: 3 }); // the new chain is longer: the dropped block's height has another block
    await indexer.catchUp();

    expect(await tipRows(dropped)).toEqual([]);
    expect(await tipRows(kept)).toHaveLength(1);
    expect(await totalReceived()).toBe(2);
    const listed = (await t.app.inject({ method: "GET", url: "/api/projects/1" }))
      .json()
      .find((p: { _id: string }) => p._id === projectId);
    expect(listed.totalReceived).toBe(2);
  });

  it("a tip recorded from a block that is gone before the indexer reaches it is removed when the indexer passes its height", async () => {
    const before = await totalReceived();
    const snapshot = await chain.test.snapshot();
    const orphan = await tip(4);
    expect(await totalReceived()).toBe((before ?? 0) + 4);
    await chain.test.revert({ id: snapshot });
    await chain.test.mine({ blocks: 3 });
    await indexer.catchUp();
    expect(await tipRows(orphan)).toEqual([]);
    expect(await totalReceived()).toBe(before);
  });

  it("a tip whose block stays on the chain is kept through a reorg of later blocks", async () => {
    const before = await totalReceived();
    const stays = await tip(3);
    await indexer.catchUp();
    const snapshot = await chain.test.snapshot();
    await chain.test.mine({ blocks: 2 });
    await indexer.catchUp();
    await chain.test.revert({ id: snapshot });
    await chain.test.mine({ blocks: 4 });
    await indexer.catchUp();
    expect(await tipRows(stays)).toHaveLength(1);
    expect(await totalReceived()).toBe((before ?? 0) + 3);
  });
});
