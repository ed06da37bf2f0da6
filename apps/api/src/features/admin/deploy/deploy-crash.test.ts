/**
 * Issue 14, "done when": a real API server process deploying ClassCoin is killed with SIGKILL right after
 * its first chunk's transaction is sent; another instance on the same PostgreSQL shows the run interrupted
 * (not "already running"), resumes it, and every profile ends with exactly 10,000 CC more. PostgreSQL only
 * (two processes share the database; runs when TEST_DATABASE_URL is set).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { classCoinAbi } from "@classcoin/contracts";
import { like } from "drizzle-orm";
import { parseUnits } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../../app";
import { createChainClient } from "../../../chain/clients";
import { loadConfig } from "../../../config";
import { type Database, openPostgres } from "../../../db/client";
import { profiles, treasuryPayments } from "../../../db/schema";
import type { App } from "../../../deps";
import { ADMIN_WALLET, adminCalls, signedAdminRequest } from "../../../testing/admin";
import { startTestChain, type TestChain } from "../../../testing/chain";
import { createThrowawayPostgres, type ThrowawayPostgres } from "../../../testing/database";
import { freePort } from "../../../testing/free-port";
import { waitFor } from "../../../testing/transfers";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../../../../../..");
const CC = (n: number) => parseUnits(String(n), 18);

describe.runIf(process.env.TEST_DATABASE_URL)("deploy killed with SIGKILL after its first chunk", () => {
  let chain: TestChain;
  let pgdb: ThrowawayPostgres;
  let database: Database;
  let app: App | undefined;
  let child: ChildProcess | undefined;

  beforeAll(async () => {
    chain = await startTestChain({ ownChain: true }); // it stops automine: a chain of its own
    pgdb = await createThrowawayPostgres(undefined, "classcoin_deploy_crash");
    database = await openPostgres(pgdb.url, { poolSize: 4 });
  }, 120_000);
  afterAll(async () => {
    if (child?.pid && child.exitCode === null && child.signalCode === null) process.kill(-child.pid, "SIGKILL");
    await app?.close();
    await database?.close();
    await pgdb?.drop();
    await chain?.stop();
  });

  const env = (port: number) => ({
    CHAIN: "local",
    RPC_URL: chain.rpcUrl,
    TOKEN_ADDRESS: chain.tokenAddress,
    ADMIN_WALLET: chain.account(0).address,
    TREASURY_PRIVATE_KEY: chain.account(0).privateKey,
    DATABASE_URL: pgdb.url,
    PORT: String(port),
    PUBLIC_URL: `http://localhost:${port}`,
    INDEXER: "false",
    SEED_DEMO: "false",
    RATE_LIMIT: "false",
    LOG_LEVEL: "silent",
    DEPLOY_CHUNK_SIZE: "2",
    DEPLOY_STALE_SECONDS: "2",
  });

  it("resumes, and every profile ends with exactly 10,000 CC more", async () => {
    const wallets = Array.from(
      { length: 5 },
      () => privateKeyToAccount(generatePrivateKey()).address.toLowerCase() as `0x${string}`,
    );
    await database.db
      .insert(profiles)
      .values(wallets.map((wallet, i) => ({ wallet, name: `S${i}`, birthday: "2010-01-01", starSign: "Leo" })));
    // Each already holds some CC: the deploy must add exactly 10,000 to whatever is there.
    for (const wallet of wallets.slice(0, 2)) await chain.fund(wallet, 7);
    const before = await Promise.all(wallets.map((w) => chain.balanceOf(w)));
    const supply = () =>
      chain.publicClient.readContract({ address: chain.tokenAddress, abi: classCoinAbi, functionName: "totalSupply" });
    const supplyBefore = await supply();

    const port = await freePort();
    const output: string[] = [];
    child = spawn(join(repoRoot, "node_modules/.bin/tsx"), [join(repoRoot, "apps/api/src/server.ts")], {
      cwd: mkdtempSync(join(tmpdir(), "classcoin-deploy-crash-")),
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env(port) },
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout?.on("data", (d: Buffer) => output.push(d.toString()));
    child.stderr?.on("data", (d: Buffer) => output.push(d.toString()));
    const exited = new Promise<void>((done) => child!.once("exit", () => done()));
    const url = `http://127.0.0.1:${port}`;
    await waitFor(
      async () => (await fetch(`${url}/api/config`).catch(() => undefined))?.ok === true,
      60_000,
      `the server to answer (${output.join("")})`,
    );

    // Transactions wait in the mempool: the server sends chunk 0 and waits for its receipt, killed there.
    await chain.test.setAutomine(false);
    const request = await signedAdminRequest({ method: "POST", path: "/deploy-classcoin", body: { confirmed: true } });
    fetch(`${url}/api/admin/deploy-classcoin`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(request.inject.payload),
    }).catch(() => undefined);
    const sent = async () => {
      const [chunk] = await database.db
        .select()
        .from(treasuryPayments)
        .where(like(treasuryPayments.purpose, "deploy:%:0"));
      if (!chunk) return false;
      const inPool = await chain.publicClient
        .getTransaction({ hash: chunk.txHash as `0x${string}` })
        .catch(() => undefined);
      return inPool !== undefined;
    };
    await waitFor(sent, 30_000, "chunk 0 to be sent");
    process.kill(-child.pid!, "SIGKILL");
    await exited;

    // A second instance on the same database.
    const config = loadConfig({ ...env(0), LOG_LEVEL: "silent" });
    app = await buildApp({ config, database, chain: createChainClient(config) });
    await app.ready();
    const admin = adminCalls(app);
    await new Promise((r) => setTimeout(r, 2_500)); // past DEPLOY_STALE_SECONDS without a heartbeat
    const view = (await admin.get("deploy-runs")).json().run;
    expect(view).toMatchObject({ status: "interrupted", recipients: 5, minted: 0, resumable: true });
    expect(view.chunks.map((c: { state: string }) => c.state)).toEqual(["pending", "unsent", "unsent"]);

    await chain.test.setAutomine(true);
    await chain.test.mine({ blocks: 1 }); // chunk 0, sent by the killed server, is mined now
    const resumed = await admin.post("/deploy-classcoin/resume", { runId: view.id });
    expect(resumed.statusCode, resumed.body).toBe(200);

    const after = await Promise.all(wallets.map((w) => chain.balanceOf(w)));
    expect(after.map((b, i) => b - before[i]!)).toEqual(wallets.map(() => CC(10_000)));
    expect((await supply()) - supplyBefore).toBe(CC(50_000));
    expect(await chain.balanceOf(ADMIN_WALLET)).toBeGreaterThan(0n);
    const final = (await admin.get("deploy-runs")).json().run;
    expect(final).toMatchObject({ status: "completed", minted: 5 });
    expect(final.chunks.map((c: { state: string }) => c.state)).toEqual(["minted", "minted", "minted"]);
  }, 180_000);
});
