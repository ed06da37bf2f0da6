/**
 * A deploy that survives a crash (issue 14), from what a crashed server leaves in the database: a `running`
 * run whose heartbeat stopped, a chunk signed (and maybe sent) but not mined. A restart never reports it as
 * "already running"; the Deploy tab shows it interrupted with its chunks; Resume mints to each recipient once.
 * (deploy-crash.test.ts kills a real server process with SIGKILL.)
 */
import { classCoinAbi } from "@classcoin/contracts";
import { DEPLOY_AMOUNT_PER_PROFILE } from "@classcoin/shared/constants";
import { eq } from "drizzle-orm";
import { createWalletClient, encodeFunctionData, http, keccak256, parseUnits } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { foundry } from "viem/chains";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deployRuns, profiles, treasuryPayments } from "../../../db/schema";
import { adminCalls } from "../../../testing/admin";
import { createTestApp, type TestApp } from "../../../testing/app";
import { startTestChain, type TestChain } from "../../../testing/chain";
import { testDatabaseKinds } from "../../../testing/database";
import { chunkPurpose } from "./run";

const CC = (n: number) => parseUnits(String(n), 18);
const randomWallet = () => privateKeyToAccount(generatePrivateKey()).address.toLowerCase() as `0x${string}`;

let chain: TestChain;
beforeAll(async () => {
  chain = await startTestChain();
});
afterAll(async () => {
  await chain?.stop();
});

describe.each(testDatabaseKinds())("resuming an interrupted deploy on %s", (kind) => {
  let t: TestApp;
  let admin: ReturnType<typeof adminCalls>;
  beforeAll(async () => {
    t = await createTestApp(chain, kind, { DEPLOY_STALE_SECONDS: "1" });
    admin = adminCalls(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** What a server killed after sending chunk 0 of 3 leaves: the run `running`, chunk 0's bytes recorded. */
  async function crashedRun(wallets: `0x${string}`[], options: { broadcast: boolean }) {
    const { db } = t.database;
    const [run] = await db
      .insert(deployRuns)
      .values({
        signatureHash: `crashed-${Math.random()}`,
        status: "running",
        amountPerProfile: DEPLOY_AMOUNT_PER_PROFILE,
        recipients: wallets.length,
        recipientWallets: wallets,
        chunkSize: 2,
        heartbeatAt: new Date(Date.now() - 60_000),
      })
      .returning();
    const treasury = privateKeyToAccount(chain.account(0).privateKey);
    const wallet = createWalletClient({ account: treasury, chain: foundry, transport: http(chain.rpcUrl) });
    const nonce = await chain.publicClient.getTransactionCount({ address: treasury.address, blockTag: "pending" });
    const to = wallets.slice(0, 2);
    const request = await wallet.prepareTransactionRequest({
      to: chain.tokenAddress,
      data: encodeFunctionData({
        abi: classCoinAbi,
        functionName: "mintBatch",
        args: [to, CC(DEPLOY_AMOUNT_PER_PROFILE)],
      }),
      nonce,
    });
    const raw = await wallet.signTransaction(request);
    await db.insert(treasuryPayments).values({
      txHash: keccak256(raw),
      purpose: chunkPurpose(run!.id, 0),
      kind: "deploy",
      description: null,
      toWallets: to,
      amountWei: CC(DEPLOY_AMOUNT_PER_PROFILE).toString(),
      nonce,
      rawTx: raw,
    });
    if (options.broadcast) await chain.publicClient.sendRawTransaction({ serializedTransaction: raw });
    return { runId: run!.id, chunk0: keccak256(raw) };
  }

  it("a run left running by a stopped server shows as interrupted and is resumed: every recipient gets 10,000 CC once", async () => {
    const { db } = t.database;
    const wallets = Array.from({ length: 5 }, randomWallet);
    await db
      .insert(profiles)
      .values(wallets.map((wallet) => ({ wallet, name: "S", birthday: "2010-01-01", starSign: "Leo" })));
    // Chunk 0 was signed and recorded, the server died before broadcasting it.
    const { runId, chunk0 } = await crashedRun(wallets, { broadcast: false });

    const view = await admin.get("deploy-runs");
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json().run).toMatchObject({
      id: String(runId),
      status: "interrupted",
      recipients: 5,
      minted: 0,
      resumable: true,
      chunks: [
        { index: 0, recipients: 2, txHash: chunk0, state: "pending" },
        { index: 1, recipients: 2, txHash: null, state: "unsent" },
        { index: 2, recipients: 1, txHash: null, state: "unsent" },
      ],
    });

    const resumed = await admin.post("/deploy-classcoin/resume", { runId: String(runId) });
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json()).toEqual({ recipients: 5, amountPerProfile: 10_000, totalDeployed: 50_000 });
    for (const wallet of wallets) expect(await chain.balanceOf(wallet)).toBe(CC(10_000));

    const after = (await admin.get("deploy-runs")).json().run;
    expect(after).toMatchObject({ status: "completed", minted: 5, resumable: false });
    expect(after.chunks.map((c: { state: string }) => c.state)).toEqual(["minted", "minted", "minted"]);
    expect(after.chunks[0].txHash).toBe(chunk0);
    const again = await admin.post("/deploy-classcoin/resume", { runId: String(runId) });
    expect([again.statusCode, again.json().error]).toEqual([
      409,
      "This deploy run is complete: every recipient received their ClassCoin.",
    ]);
    for (const wallet of wallets) expect(await chain.balanceOf(wallet)).toBe(CC(10_000));
    await db.delete(profiles);
  });

  it("a stopped run never blocks a new deploy as 'already running'; only the last run can be resumed", async () => {
    const { db } = t.database;
    const wallets = [randomWallet(), randomWallet(), randomWallet()];
    await db
      .insert(profiles)
      .values(wallets.map((wallet) => ({ wallet, name: "S", birthday: "2010-01-01", starSign: "Leo" })));
    const { runId } = await crashedRun(wallets, { broadcast: true });
    const deploy = await admin.post("/deploy-classcoin", { confirmed: true });
    expect(deploy.statusCode, deploy.body).toBe(200);
    const [old] = await db.select().from(deployRuns).where(eq(deployRuns.id, runId));
    expect(old?.status).toBe("interrupted");
    const resumeOld = await admin.post("/deploy-classcoin/resume", { runId: String(runId) });
    expect([resumeOld.statusCode, resumeOld.json().error]).toEqual([
      404,
      "Only the last deploy run can be resumed, and this is not it.",
    ]);
    // The crashed run's chunk 0 was mined (2 wallets), then the new run minted to all three.
    expect(await chain.balanceOf(wallets[0]!)).toBe(CC(20_000));
    expect(await chain.balanceOf(wallets[2]!)).toBe(CC(10_000));
    await db.delete(profiles);
  });
});
