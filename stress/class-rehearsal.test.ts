/**
 * A class rehearsal on a Sepolia stand-in, following the README's "Deploying for a class on Sepolia" and
 * "Running in production" to the letter: anvil with chain id 11155111, a block a second and no Multicall3;
 * `npm run deploy:sepolia` with DEPLOYER_PRIVATE_KEY and SEPOLIA_RPC_URL; the `.env` block it prints, filled
 * in, for two `npm run serve` instances on one fresh PostgreSQL database and Redis. In Chromium a student on
 * instance A is asked to switch to Sepolia (0xaa36a7) with the spec's text, creates a profile and tips a
 * classmate's project; instance B's admin API and explorer show the tip. Then the indexer leader is killed
 * (SIGKILL) and the other instance takes over with no gap and no duplicate, and a SIGTERM to the survivor's
 * `npm` stops it cleanly. A second part starts two servers together on a fresh database, 10 times.
 *
 * Figures (start-up, idle memory, failover, migration rounds) are printed as `[rehearsal]` lines.
 */
import { type ChildProcess, execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseEnv } from "node:util";
import { classCoinAbi } from "@classcoin/contracts";
import { type Anvil, startAnvil } from "@classcoin/contracts/anvil";
import { devAccount } from "@classcoin/contracts/dev-accounts";
import { adminAction, buildAdminMessage } from "@classcoin/shared/admin";
import { messages } from "@classcoin/shared/messages";
import pg from "pg";
import type { Browser } from "playwright-core";
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  formatUnits,
  http,
  numberToHex,
  parseEther,
  parseUnits,
} from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { foundry } from "viem/chains";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MULTICALL3_ADDRESS } from "../apps/api/src/chain/multicall";
import { signInOverHttp } from "../apps/api/src/security/http-sign-in";
import { createThrowawayPostgres, type ThrowawayPostgres } from "../apps/api/src/testing/database";
import { waitFor } from "../apps/api/src/testing/transfers";
import { readAlert } from "../e2e/harness/alerts";
import { launchBrowser, screenshot } from "../e2e/harness/browser";
import { connectWallet } from "../e2e/harness/connect";
import { freePort } from "../e2e/harness/free-port";
import { solidPng } from "../e2e/harness/solid-png";
import { TestWallet } from "../e2e/harness/test-wallet";
import { ENV_BLOCK_END, ENV_BLOCK_START } from "../scripts/lib/server-env-block";
import { requireBuild, requireRedis } from "./preflight";
import { baseEnv, killStarted, type Proc, startProcess } from "./processes";

const repoRoot = resolve(fileURLToPath(import.meta.url), "../..");
const adminUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const redisUrl = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const SEPOLIA_ID = 11155111;
/** The spec's text for a refused switch (§8, "Wrong chain with switch refused"), word for word. */
const SPEC_SWITCH_TEXT = "Please switch to Sepolia network in MetaMask";

const sepoliaStandIn = (rpcUrl: string) =>
  defineChain({ ...foundry, id: SEPOLIA_ID, name: "Sepolia stand-in", rpcUrls: { default: { http: [rpcUrl] } } });

const figures: string[] = [];
function figure(line: string) {
  figures.push(line);
  console.log(`[rehearsal] ${line}`);
}

/** An instance started with the README's command; `npm` is the npm process (`child`). */
interface Served extends Proc {
  url: string;
  npm: ChildProcess;
  spawnedAt: number;
}

function serve(name: string, envFile: string, port: number): Served {
  // Exactly the README's command; ENV_FILE only because two instances share this machine and folder.
  const proc = startProcess(name, "npm", ["run", "serve"], repoRoot, { ...baseEnv(), ENV_FILE: envFile });
  return { ...proc, npm: proc.child, url: `http://localhost:${port}`, spawnedAt: Date.now() };
}

/** The node process `npm run serve` runs (its direct child: the script is `exec node …`). */
function nodePidOf(served: Served): number {
  const out = execFileSync("ps", ["-o", "pid=,comm=", "--ppid", String(served.npm.pid)], { encoding: "utf8" }).trim();
  const [pid, comm] = out.split(/\s+/);
  if (comm !== "node") throw new Error(`npm's child is ${out || "missing"}, not node`);
  return Number(pid);
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function getJson<T>(url: string, init?: RequestInit): Promise<{ status: number; body: T }> {
  const res = await fetch(url, init);
  return { status: res.status, body: (await res.json().catch(() => null)) as T };
}

/**
 * Waits for a line the server logs. Its logger writes asynchronously: a line logged before the server answers
 * may reach the pipe after the answer (a CI run read the output a moment too early).
 */
async function expectLogged(served: Served, pattern: RegExp, timeoutMs = 10_000): Promise<void> {
  await waitFor(() => pattern.test(served.output()), timeoutMs, `${served.name} to log ${pattern}`).catch(() => {
    expect(served.output()).toMatch(pattern);
  });
}

async function waitLive(served: Served, timeoutMs = 60_000): Promise<number> {
  await waitFor(
    async () => {
      if (served.npm.exitCode !== null) throw new Error(`${served.name} exited:\n${served.output()}`);
      return (await fetch(`${served.url}/api/health/live`).catch(() => null))?.status === 200;
    },
    timeoutMs,
    `${served.name} to answer /api/health/live`,
  );
  return Date.now() - served.spawnedAt;
}

type Ready = { indexer: string; status: string };
const readiness = async (served: Served) =>
  (await getJson<Ready>(`${served.url}/api/health/ready`).catch(() => ({ status: 0, body: null }))).body;

let anvil: Anvil;
let database: ThrowawayPostgres;
let browser: Browser;
let tmp: string;
const deployer = devAccount(9);

beforeAll(async () => {
  requireBuild(repoRoot);
  await requireRedis(redisUrl, "The rehearsal");
  tmp = mkdtempSync(join(tmpdir(), "classcoin-rehearsal-"));
  [anvil, database, browser] = await Promise.all([
    startAnvil({ chainId: SEPOLIA_ID, blockTime: 1 }),
    createThrowawayPostgres(adminUrl, "classcoin_rehearsal"),
    launchBrowser(),
  ]);
}, 120_000);

afterAll(async () => {
  killStarted();
  await browser?.close();
  await anvil?.stop();
  await database?.drop();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
  if (figures.length) console.log(`\nClass rehearsal figures:\n${figures.map((f) => `  ${f}`).join("\n")}\n`);
});

describe("class rehearsal on a Sepolia stand-in (anvil 11155111, 1 s blocks, no Multicall3)", () => {
  it("deploys as the README says, serves two instances, a student tips in Chromium, and the indexer fails over", async () => {
    const chain = sepoliaStandIn(anvil.rpcUrl);
    const publicClient = createPublicClient({ chain, transport: http(anvil.rpcUrl), pollingInterval: 200 });
    expect(await publicClient.getChainId()).toBe(SEPOLIA_ID);
    expect(await publicClient.getCode({ address: MULTICALL3_ADDRESS })).toBeUndefined();

    // README step 2: deploy.
    const deployStarted = Date.now();
    const deploy = startProcess("deploy", "npm", ["run", "deploy:sepolia"], repoRoot, {
      ...baseEnv(),
      DEPLOYER_PRIVATE_KEY: deployer.privateKey,
      SEPOLIA_RPC_URL: anvil.rpcUrl,
    });
    const { code: deployCode } = await deploy.exited;
    const deployOut = deploy.output();
    expect(deployCode, deployOut).toBe(0);
    figure(`npm run deploy:sepolia: ${((Date.now() - deployStarted) / 1000).toFixed(1)} s`);
    const start = deployOut.indexOf(ENV_BLOCK_START);
    const end = deployOut.indexOf(ENV_BLOCK_END);
    expect(start, deployOut).toBeGreaterThanOrEqual(0);
    const block = deployOut.slice(start, end + ENV_BLOCK_END.length);
    const printed = parseEnv(block) as Record<string, string>;
    expect(printed).toMatchObject({
      CHAIN: "sepolia",
      RPC_URL: anvil.rpcUrl,
      ADMIN_WALLET: privateKeyToAccount(deployer.privateKey).address.toLowerCase(),
      TREASURY_PRIVATE_KEY: deployer.privateKey,
      CONFIRMATIONS: "2",
    });
    expect(printed.DATABASE_URL).toContain("CHANGE-ME");
    const token = printed.TOKEN_ADDRESS as `0x${string}`;

    // README step 3: the block as .env, its CHANGE-ME values replaced, one file per instance.
    const [portA, portB] = [await freePort(), await freePort()];
    const envFor = (port: number) => {
      const set: Record<string, string> = {
        DATABASE_URL: database.url,
        PUBLIC_URL: `http://localhost:${port}`,
        // Browsers read the chain through a URL other than the server's (on Sepolia: a public endpoint).
        PUBLIC_RPC_URL: `http://localhost:${anvil.port}`,
        PORT: String(port),
        REDIS_URL: redisUrl,
      };
      const lines = block.split("\n").map((line) => {
        const key = /^([A-Z_]+)=/.exec(line)?.[1];
        return key && key in set ? `${key}=${set[key]}` : line;
      });
      const path = join(tmp, `instance-${port}.env`);
      writeFileSync(path, `${lines.join("\n")}\n`, { mode: 0o600 });
      return path;
    };
    const a = serve("A", envFor(portA), portA);
    const b = serve("B", envFor(portB), portB);
    const [startA, startB] = await Promise.all([waitLive(a), waitLive(b)]);
    figure(
      `npm run serve start-up (spawn → /api/health/live 200, both at once on a fresh database): A ${(startA / 1000).toFixed(2)} s, B ${(startB / 1000).toFixed(2)} s`,
    );
    for (const s of [a, b]) {
      await expectLogged(s, /Multicall3 absent: reads not batched/);
      await expectLogged(s, /rate limits shared through Redis/);
      const ready = /ready in ([\d.]+ s \(CPU [\d.]+ s\))/.exec(s.output())?.[1];
      if (ready) figure(`${s.name}: the server logged "ready in ${ready}" (process start → listening)`);
    }
    await waitFor(
      async () => {
        const roles = [(await readiness(a))?.indexer, (await readiness(b))?.indexer].sort();
        return roles[0] === "leader" && roles[1] === "standby";
      },
      20_000,
      "one leader and one standby",
    );
    const leader = (await readiness(a))?.indexer === "leader" ? a : b;
    const standby = leader === a ? b : a;
    await new Promise((r) => setTimeout(r, 5_000));
    const [pidA, pidB] = [nodePidOf(a), nodePidOf(b)];
    figure(`RSS at idle (5 s after start): A ${rssMb(pidA)} MB, B ${rssMb(pidB)} MB (leader: ${leader.name})`);

    // The deployer funds a student and a classmate (ETH for gas, CC to take part).
    const treasury = createWalletClient({
      account: privateKeyToAccount(deployer.privateKey),
      chain,
      transport: http(anvil.rpcUrl),
    });
    const studentKey = generatePrivateKey();
    const authorKey = generatePrivateKey();
    const student = privateKeyToAccount(studentKey).address;
    const author = privateKeyToAccount(authorKey).address;
    for (const to of [student, author]) {
      await publicClient.waitForTransactionReceipt({
        hash: await treasury.sendTransaction({ to, value: parseEther("1") }),
      });
      await publicClient.waitForTransactionReceipt({
        hash: await treasury.writeContract({
          address: token,
          abi: classCoinAbi,
          functionName: "transfer",
          args: [to, parseUnits("20", 18)],
        }),
      });
    }

    // README step: the instructor adds the roster (whitelist mode is on by default on Sepolia), on instance B.
    const rosterAdmin = privateKeyToAccount(deployer.privateKey);
    const roster = { list: `${student.toLowerCase()},rehearsal student\n${author.toLowerCase()},rehearsal classmate` };
    const rosterMessage = buildAdminMessage({
      action: adminAction("POST", "/api/admin/whitelist/add-many"),
      wallet: rosterAdmin.address,
      extras: roster,
    });
    const rostered = await fetch(`${b.url}/api/admin/whitelist/add-many`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        ...roster,
        adminWallet: rosterAdmin.address.toLowerCase(),
        message: rosterMessage,
        signature: await rosterAdmin.signMessage({ message: rosterMessage }),
      }),
    });
    expect(rostered.status, await rostered.clone().text()).toBe(200);

    // The classmate, through the API on A: profile and a project submission.
    const authorCookie = await signInOverHttp(a.url, authorKey, { chainId: SEPOLIA_ID });
    const profileForm = new FormData();
    profileForm.append("wallet", author.toLowerCase());
    profileForm.append("name", "Rehearsal Classmate");
    profileForm.append("birthday", "2009-03-03");
    profileForm.append("starSign", "Pisces");
    const created = await fetch(`${a.url}/api/profiles`, {
      method: "POST",
      headers: { cookie: authorCookie },
      body: profileForm,
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const projectForm = new FormData();
    projectForm.append("wallet", author.toLowerCase());
    projectForm.append("projectNumber", "1");
    projectForm.append("title", "Rehearsal mural");
    projectForm.append("description", "Painted for the rehearsal.");
    projectForm.append("image", new Blob([new Uint8Array(solidPng(64))], { type: "image/png" }), "mural.png");
    const submitted = await fetch(`${a.url}/api/projects`, {
      method: "POST",
      headers: { cookie: authorCookie },
      body: projectForm,
    });
    expect(submitted.status, await submitted.clone().text()).toBe(200);

    // Rate limits are shared: a post on A, then one on B within 5 s, is refused on B.
    const cookieOnB = await signInOverHttp(b.url, authorKey, { chainId: SEPOLIA_ID });
    const post = (served: Served, cookie: string) =>
      fetch(`${served.url}/api/posts`, {
        method: "POST",
        headers: { cookie, "content-type": "application/json" },
        body: JSON.stringify({ authorWallet: author.toLowerCase(), content: "Hello from the rehearsal" }),
      });
    expect((await post(a, authorCookie)).status).toBe(200);
    expect((await post(b, cookieOnB)).status).toBe(429);

    // The student, in Chromium on instance A, with a wallet on the wrong chain.
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    const page = await context.newPage();
    page.on("pageerror", (error) => console.error(`[page error] ${error.message}`));
    const wallet = await TestWallet.install(page, {
      rpcUrl: anvil.rpcUrl,
      signer: studentKey,
      chainId: foundry.id,
      chains: [foundry.id, SEPOLIA_ID],
    });
    wallet.rejecting.add("wallet_switchEthereumChain");
    await page.goto(`${a.url}/profiles`);
    await connectWallet(page);
    expect(await readAlert(page)).toEqual({ title: null, text: SPEC_SWITCH_TEXT });
    expect(messages.chain.switchPlatform("Sepolia")).toBe(SPEC_SWITCH_TEXT);
    const switchRequest = wallet.requests.find((r) => r.method === "wallet_switchEthereumChain");
    expect((switchRequest?.params as [{ chainId: string }])[0].chainId).toBe(numberToHex(SEPOLIA_ID));
    expect(numberToHex(SEPOLIA_ID)).toBe("0xaa36a7");
    wallet.rejecting.clear();
    await page.getByRole("banner").getByRole("button", { name: "Switch to Sepolia" }).click();
    // 20 CC from the deployer plus the 10 CC welcome grant (WELCOME_CC) the roster sent.
    await page.getByTestId("header-balance").filter({ hasText: "30 CC" }).waitFor();
    expect(wallet.chainId).toBe(SEPOLIA_ID);

    // Creates a profile (Sign-In with Ethereum for Sepolia on the way).
    await page.waitForFunction(() => !document.querySelector("fieldset")?.disabled);
    await page.getByLabel("Name", { exact: true }).fill("Rehearsal Student");
    await page.getByLabel("Birthday").fill("2009-09-09");
    await page.getByLabel("Star sign").selectOption("Virgo");
    await page.getByRole("button", { name: "Save Profile" }).click();
    await page.getByRole("region", { name: "Your profile" }).getByText("Rehearsal Student").waitFor();

    // Tips the classmate's project.
    await page.goto(`${a.url}/projects?n=1`);
    const card = page.locator("article.submission-card", { hasText: "Rehearsal mural" });
    await card.getByRole("spinbutton").fill("3");
    const tippedAt = Date.now();
    await card.getByRole("button", { name: "Send" }).click();
    expect(await readAlert(page)).toEqual({ title: null, text: messages.catalogue.sendSuccess(3) });
    await screenshot(page, "rehearsal-tip-on-a");
    await context.close();

    // The admin, on instance B: the tip is on the classmate's project, the student's profile is listed.
    const adminKey = deployer.privateKey;
    const adminWallet = privateKeyToAccount(adminKey).address.toLowerCase();
    const adminGet = async (path: string) => {
      const message = buildAdminMessage({ action: adminAction("GET", path), wallet: adminWallet, extras: {} });
      const signature = await privateKeyToAccount(adminKey).signMessage({ message });
      const query = new URLSearchParams({ message, signature });
      return getJson<Record<string, unknown>[] | Record<string, unknown>>(`${b.url}${path}/${adminWallet}?${query}`);
    };
    const adminProjects = await adminGet("/api/admin/projects");
    expect(adminProjects.status, JSON.stringify(adminProjects.body)).toBe(200);
    expect(JSON.stringify(adminProjects.body)).toContain("Rehearsal mural");
    const listed = (
      Array.isArray(adminProjects.body) ? adminProjects.body : Object.values(adminProjects.body).flat()
    ) as {
      title?: string;
      totalReceived?: number;
    }[];
    expect(listed.find((p) => p.title === "Rehearsal mural")?.totalReceived).toBe(3);
    const adminProfiles = await adminGet("/api/admin/profiles");
    expect(adminProfiles.status).toBe(200);
    expect(JSON.stringify(adminProfiles.body)).toContain("Rehearsal Student");

    // The explorer on B shows the tip once it is CONFIRMATIONS (2) blocks deep and indexed.
    const explorer = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    const explorerPage = await explorer.newPage();
    await waitFor(
      async () => {
        await explorerPage.goto(`${b.url}/explorer?wallet=${student.toLowerCase()}&type=project_tip`);
        await explorerPage
          .getByTestId("tx-row")
          .or(explorerPage.getByText("No transactions found"))
          .first()
          .waitFor({ timeout: 10_000 });
        return (await explorerPage.getByTestId("tx-row").filter({ hasText: "3 CC" }).count()) > 0;
      },
      60_000,
      "the tip in B's explorer",
    );
    await explorerPage.getByTestId("tx-row").first().getByText("Project tip").waitFor();
    figure(
      `tip sent on A → shown in B's explorer: ${((Date.now() - tippedAt) / 1000).toFixed(1)} s (CONFIRMATIONS=2, 1 s blocks)`,
    );
    await screenshot(explorerPage, "rehearsal-explorer-on-b");
    await explorer.close();

    // The indexer leader dies (SIGKILL); transfers keep coming; the standby takes over.
    const leaderPid = nodePidOf(leader);
    const killedAt = Date.now();
    process.kill(leaderPid, "SIGKILL");
    const recipients = Array.from({ length: 6 }, () => privateKeyToAccount(generatePrivateKey()).address);
    const sending = (async () => {
      for (const to of recipients) {
        const hash = await treasury.writeContract({
          address: token,
          abi: classCoinAbi,
          functionName: "transfer",
          args: [to, parseUnits("1", 18)],
        });
        await publicClient.waitForTransactionReceipt({ hash });
      }
    })();
    await waitFor(async () => (await readiness(standby))?.indexer === "leader", 10_000, "the standby to lead");
    const failoverMs = Date.now() - killedAt;
    figure(
      `indexer failover after SIGKILL of the leader (${leader.name}): ${standby.name} leads after ${failoverMs} ms`,
    );
    expect(failoverMs).toBeLessThan(10_000);
    await expectLogged(standby, /this instance is the indexer leader \(took over\)/);
    await sending;

    // No gap, no duplicate: the table equals the chain's Transfer logs up to the checkpoint.
    const lastBlock = Number(await publicClient.getBlockNumber());
    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    try {
      await waitFor(
        async () => {
          const { rows } = await db.query<{ block: number }>(
            "SELECT (value->>'block')::int AS block FROM indexer_state WHERE key = 'transfers'",
          );
          return (rows[0]?.block ?? 0) >= lastBlock;
        },
        60_000,
        "the new leader to index past the last transfer",
      );
      const caughtUpMs = Date.now() - killedAt;
      figure(
        `the new leader indexed every transfer sent during the failover ${(caughtUpMs / 1000).toFixed(1)} s after the kill`,
      );
      const { rows } = await db.query<{ block: number }>(
        "SELECT (value->>'block')::int AS block FROM indexer_state WHERE key = 'transfers'",
      );
      const checkpoint = rows[0]?.block ?? 0;
      const logs = await publicClient.getContractEvents({
        address: token,
        abi: classCoinAbi,
        eventName: "Transfer",
        fromBlock: 0n,
        toBlock: BigInt(checkpoint),
      });
      const onChain = logs.map((l) => `${l.transactionHash.toLowerCase()}:${l.logIndex}`).sort();
      const stored = (
        await db.query<{ key: string }>("SELECT tx_hash || ':' || log_index AS key FROM transactions ORDER BY 1")
      ).rows.map((r) => r.key.toLowerCase());
      expect(stored.length).toBe(new Set(stored).size);
      expect(stored.sort()).toEqual(onChain);
      const mine = await db.query("SELECT 1 FROM transactions WHERE to_wallet = ANY($1)", [
        recipients.map((r) => r.toLowerCase()),
      ]);
      expect(mine.rowCount).toBe(recipients.length);
      figure(
        `after the failover: ${stored.length} transfers in the table = ${onChain.length} Transfer logs on chain (no gap, no duplicate)`,
      );
    } finally {
      await db.end();
    }
    const leaderExit = await leader.exited;
    expect(leaderExit.code ?? leaderExit.signal).not.toBe(0);

    // SIGTERM to the survivor's npm reaches the server: it drains, logs its shutdown and exits; nothing is orphaned.
    const survivorPid = nodePidOf(standby);
    const stoppedAt = Date.now();
    standby.npm.kill("SIGTERM");
    const survivorExit = await standby.exited;
    await waitFor(() => !alive(survivorPid), 10_000, "the server process to exit");
    figure(`SIGTERM to npm → server stopped in ${Date.now() - stoppedAt} ms`);
    expect(survivorExit.code).toBe(0);
    expect(standby.output()).toMatch(/SIGTERM: shutting down; finishing requests in flight/);
    expect(standby.output()).toMatch(/ClassCoin API stopped \(SIGTERM\)/);
    expect(
      formatUnits(
        await publicClient.readContract({
          address: token,
          abi: classCoinAbi,
          functionName: "balanceOf",
          args: [author],
        }),
        18,
      ),
      // 20 CC from the deployer, the 10 CC welcome grant, and the 3 CC tip.
    ).toBe("33");
  }, 300_000);

  it("two servers started together on a fresh database both come up, 10 rounds in a row", async () => {
    const ROUNDS = 10;
    const failures: string[] = [];
    const took: number[] = [];
    // No .env of the checkout leaks in: the servers get an empty one.
    const emptyEnv = join(tmp, "empty.env");
    writeFileSync(emptyEnv, "");
    for (let round = 1; round <= ROUNDS; round++) {
      const fresh = await createThrowawayPostgres(adminUrl, "classcoin_race");
      const started = Date.now();
      try {
        const outcomes = await Promise.all(
          [0, 1].map(async () => {
            const port = await freePort();
            const race = startProcess("race", process.execPath, ["apps/api/dist/server.js"], repoRoot, {
              ...baseEnv(),
              ENV_FILE: emptyEnv,
              DATABASE_URL: fresh.url,
              PORT: String(port),
              INDEXER: "false",
              LOG_LEVEL: "warn",
              RPC_URL: anvil.rpcUrl,
            });
            const up = await Promise.race([
              waitFor(
                async () =>
                  (await fetch(`http://127.0.0.1:${port}/api/health/ready`).catch(() => null))?.status === 200,
                60_000,
                "ready",
              ).then(() => true),
              race.exited.then(() => false),
            ]);
            race.child.kill("SIGTERM");
            await race.exited;
            return up ? null : race.output().trim().split("\n").slice(-3).join(" | ");
          }),
        );
        for (const failure of outcomes) if (failure) failures.push(`round ${round}: ${failure}`);
        took.push(Date.now() - started);
      } finally {
        await fresh.drop();
      }
    }
    figure(
      `migration race: ${ROUNDS} rounds of two servers on a fresh database, ${failures.length} failures (each round ${Math.min(...took)}–${Math.max(...took)} ms)`,
    );
    expect(failures).toEqual([]);
  }, 240_000);
});
