/**
 * RPC usage: the JSON-RPC calls the server makes to its RPC_URL, by method, as a provider meters them
 * (credits per method, a daily cap): idle (nobody on the site) per hour and per day, then per page view and
 * per action of a signed-in student. The server is the one `npm run serve` starts (`startServer`, in this
 * process) with CHAIN=sepolia: the indexer on (a poll every 4 s), the payment settler every minute,
 * CONFIRMATIONS=2. Its chain is an anvil with Sepolia's chain id, 12-second blocks and Multicall3 at its usual
 * address (Sepolia has it, so the server batches balance reads through it), reached through the counting
 * proxy. Browsers read the chain over PUBLIC_RPC_URL (GET /api/config hands it to wagmi), which gets a
 * counter of its own: the server must send it nothing.
 *
 * `npm run bench -- --only rpc [--quick]`.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readCheckpoint } from "@classcoin/api/chain/indexer/store";
import { MULTICALL3_ADDRESS } from "@classcoin/api/chain/multicall";
import { loadConfig } from "@classcoin/api/config";
import type { Db } from "@classcoin/api/db/client";
import { posts, profiles, projects, treasuryPayments } from "@classcoin/api/db/schema";
import { settlingInterval } from "@classcoin/api/payment-settling";
import { signInOverHttp } from "@classcoin/api/security/http-sign-in";
import { startServer } from "@classcoin/api/server";
import { classCoinAbi } from "@classcoin/contracts";
import { startAnvil } from "@classcoin/contracts/anvil";
import { deployClassCoin } from "@classcoin/contracts/deploy";
import { type DevAccount, devAccount } from "@classcoin/contracts/dev-accounts";
import { fund } from "@classcoin/contracts/fund";
import { SEPOLIA_CHAIN_ID } from "@classcoin/shared/constants";
import { classCoinDomain, randomAuthorizationNonce, transferWithAuthorizationTypes } from "@classcoin/shared/gasless";
import { and, desc, eq } from "drizzle-orm";
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  type Hex,
  http,
  type PublicClient,
  parseUnits,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { sepolia } from "viem/chains";
import { launchBrowser } from "../e2e/harness/browser";
import { CONNECTED } from "../e2e/harness/connect";
import { TestWallet } from "../e2e/harness/test-wallet";
import { type RpcCounter, startRpcCounter } from "./lib/rpc-counter";
import { seedCommunity } from "./lib/seed";

export type MethodCalls = Record<string, number>;

export interface RpcMeasure {
  name: string;
  /** The API requests it made. */
  requests: string[];
  calls: MethodCalls;
  total: number;
  ms: number;
  /** False when it took long enough that an indexer poll may have been counted with it. */
  clean: boolean;
}

export interface RpcUsageResult {
  setup: {
    chainId: number;
    blockSeconds: number;
    confirmations: number;
    indexerPollMs: number;
    settlerEveryMs: number;
    /** Whether the server found Multicall3 and batches reads through it (as on Sepolia). */
    multicall3: boolean;
    /** Student profiles (the leaderboard reads each one's balance). */
    students: number;
  };
  idle: {
    seconds: number;
    blocks: number;
    calls: MethodCalls;
    perHour: MethodCalls;
    perDay: MethodCalls;
    totalPerHour: number;
    totalPerDay: number;
  };
  /** Each page's reads with the caches cold, and `warm`: the same reads again at once. */
  pages: (RpcMeasure & { warm: MethodCalls })[];
  actions: RpcMeasure[];
  /** What GET /api/config hands browsers to read the chain with is PUBLIC_RPC_URL, not RPC_URL. */
  browsersUsePublicRpc: boolean;
  /** Calls the server itself sent to PUBLIC_RPC_URL: none expected. */
  publicRpcCalls: MethodCalls;
  /**
   * An open tab of the platform, idle, its wallet connected: what it sends PUBLIC_RPC_URL (the keyless public
   * endpoint a class's browsers share, one school NAT being one IP to it), per page, scaled to an hour.
   */
  browserTabs?: BrowserTab[];
}

export interface BrowserTab {
  page: string;
  seconds: number;
  /** JSON-RPC calls by method. */
  calls: MethodCalls;
  /** HTTP requests: POST (the calls, batched or not) and OPTIONS (CORS preflights). */
  requests: MethodCalls;
  callsPerHour: number;
  requestsPerHour: number;
}

const BLOCK_SECONDS = 12;
/** The indexer's wait between polls once caught up on Sepolia (chain/indexer/indexer.ts). */
const INDEXER_POLL_MS = 4_000;
/** A class: the signed-in student and the others, each with a profile. */
const STUDENTS = 30;
/** PUBLIC_URL: the site's origin, which writes and SIWE messages must name. */
const SITE = "https://classcoin.example.edu";
/** No call for this long after a poll's last header: the poll is over. */
const QUIET_MS = 400;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const snapshot = (rpc: RpcCounter): MethodCalls => Object.fromEntries(rpc.counts);
const total = (calls: MethodCalls) => Object.values(calls).reduce((s, n) => s + n, 0);

function minus(after: MethodCalls, before: MethodCalls): MethodCalls {
  const out: MethodCalls = {};
  for (const [method, n] of Object.entries(after))
    if (n - (before[method] ?? 0) > 0) out[method] = n - (before[method] ?? 0);
  return out;
}

function scaled(calls: MethodCalls, factor: number): MethodCalls {
  return Object.fromEntries(Object.entries(calls).map(([method, n]) => [method, Math.round(n * factor)]));
}

/**
 * The functions of Multicall3 that viem calls when it batches reads (`aggregate3`, and `getEthBalance` for a
 * native balance), installed where Sepolia has the real contract; a fresh anvil has none, and the server
 * would then send one eth_call per balance.
 */
const MULTICALL3_SOURCE = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;
contract Multicall3 {
  struct Call3 { address target; bool allowFailure; bytes callData; }
  struct Result { bool success; bytes returnData; }
  function aggregate3(Call3[] calldata calls) external payable returns (Result[] memory returnData) {
    returnData = new Result[](calls.length);
    for (uint256 i = 0; i < calls.length; i++) {
      (bool ok, bytes memory ret) = calls[i].target.call(calls[i].callData);
      require(ok || calls[i].allowFailure, "Multicall3: call failed");
      returnData[i] = Result(ok, ret);
    }
  }
  function getEthBalance(address addr) external view returns (uint256 balance) {
    balance = addr.balance;
  }
}`;

function multicall3Code(): Hex {
  // The compiler the contracts workspace pins (contracts/scripts/compile.ts), loaded only for this section.
  const solc = createRequire(import.meta.url)("solc") as { compile(input: string): string };
  const input = {
    language: "Solidity",
    sources: { "Multicall3.sol": { content: MULTICALL3_SOURCE } },
    settings: { outputSelection: { "*": { "*": ["evm.deployedBytecode.object"] } } },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as {
    contracts?: Record<string, Record<string, { evm: { deployedBytecode: { object: string } } }>>;
  };
  const code = output.contracts?.["Multicall3.sol"]?.Multicall3?.evm.deployedBytecode.object;
  if (!code) throw new Error(`solc did not compile Multicall3: ${JSON.stringify(output).slice(0, 500)}`);
  return `0x${code}`;
}

/**
 * Resolves once the indexer's next poll that makes a `opener` call is over. A poll opens with eth_blockNumber;
 * when the head moved, the checkpoint's header and a new block's reads (eth_getLogs among them) follow, with the
 * database write between them pausing it for a moment. So it counts as over once its `opener` came, then
 * nothing for QUIET_MS.
 */
async function afterPoll(rpc: RpcCounter, opener: "eth_blockNumber" | "eth_getLogs", timeoutMs: number): Promise<void> {
  const count = (method: string) => rpc.counts.get(method) ?? 0;
  const deadline = Date.now() + timeoutMs;
  const seen = count(opener);
  let [polls, headers, calls] = [count("eth_blockNumber"), count("eth_getBlockByNumber"), rpc.total()];
  let closed = false;
  let lastCall = Date.now();
  while (!(closed && Date.now() - lastCall >= QUIET_MS)) {
    if (Date.now() > deadline) throw new Error(`no indexer poll with ${opener} seen within ${timeoutMs / 1000} s`);
    await sleep(10);
    if (rpc.total() !== calls) [calls, lastCall] = [rpc.total(), Date.now()];
    if (count("eth_blockNumber") !== polls) [polls, closed] = [count("eth_blockNumber"), count(opener) !== seen];
    if (count("eth_getBlockByNumber") !== headers)
      [headers, closed] = [count("eth_getBlockByNumber"), count(opener) !== seen];
  }
}

/**
 * Runs `work` right after one of the indexer's polls, so that only its own calls are counted: the indexer
 * polls every 4 s, and nothing else on the server calls the chain by itself while no treasury payment is
 * open (the settler's rounds then only read the database).
 */
async function betweenPolls(
  rpc: RpcCounter,
  work: () => Promise<void>,
): Promise<Omit<RpcMeasure, "name" | "requests">> {
  await afterPoll(rpc, "eth_blockNumber", 3 * INDEXER_POLL_MS);
  const before = snapshot(rpc);
  const started = performance.now();
  await work();
  const ms = performance.now() - started;
  const calls = minus(snapshot(rpc), before);
  return { calls, total: total(calls), ms: Math.round(ms), clean: ms < INDEXER_POLL_MS - QUIET_MS - 500 };
}

async function api(base: string, path: string, options: { cookie?: string; body?: unknown } = {}): Promise<Response> {
  const write = options.body !== undefined;
  const res = await fetch(base + path, {
    method: write ? "POST" : "GET",
    headers: {
      ...(options.cookie ? { cookie: options.cookie } : {}),
      // A browser's same-origin POST carries the site's Origin; writes without it are refused (auth/origin.ts).
      ...(write ? { origin: SITE, "content-type": "application/json" } : {}),
    },
    body: write ? JSON.stringify(options.body) : undefined,
  });
  if (!res.ok) throw new Error(`${write ? "POST" : "GET"} ${path} answered ${res.status}: ${await res.text()}`);
  return res;
}

/** A browser wallet's sign-in at the site's address (SIWE for Sepolia); returns the session cookie. */
const signInAs = (base: string, key: Hex) => signInOverHttp(base, key, { publicUrl: SITE, chainId: SEPOLIA_CHAIN_ID });

/** What each page asks the API for on a visit by a signed-in student (the pages' hooks in apps/web/src). */
function pageReads(wallet: string, postId: number): { name: string; requests: string[] }[] {
  return [
    {
      name: "any page, first load (config, session, own profile, notifications)",
      requests: ["/api/config", "/api/auth/session", `/api/profiles/${wallet}/status`, "/api/notifications"],
    },
    { name: "/", requests: ["/api/posts?limit=30", "/api/admin/public/bounties"] },
    { name: "/forum (one post's comments opened)", requests: ["/api/posts?limit=30", `/api/posts/${postId}/comments`] },
    { name: "/projects", requests: ["/api/projects/1?limit=24", `/api/projects/1/${wallet}/status`] },
    {
      name: "/explorer",
      requests: [
        "/api/explorer/stats",
        "/api/explorer/transactions?page=1&limit=25",
        "/api/explorer/daily?days=30",
        "/api/explorer/holders?page=1",
      ],
    },
    { name: "/leaderboard", requests: ["/api/leaderboard"] },
    { name: "/profiles", requests: ["/api/profiles?limit=24"] },
  ];
}

async function waitCaughtUp(db: Db, reader: PublicClient, confirmations: number): Promise<void> {
  for (const deadline = Date.now() + 120_000; ; await sleep(250)) {
    const [checkpoint, head] = await Promise.all([readCheckpoint(db), reader.getBlockNumber({ cacheTime: 0 })]);
    if (checkpoint && checkpoint.block >= Number(head) - confirmations) return;
    if (Date.now() > deadline) throw new Error("the indexer did not catch up within 120 s");
  }
}

const byMethod = (calls: MethodCalls) =>
  Object.entries(calls)
    .map(([method, n]) => `${method} ${n}`)
    .join(", ");

const describe = (m: RpcMeasure) =>
  `  ${m.name}: ${m.total} calls${m.total ? ` (${byMethod(m.calls)})` : ""}, ${m.ms} ms${m.clean ? "" : " (≈)"}`;

/** The running server and what the measurements need of it. */
interface Run {
  base: string;
  db: Db;
  rpc: RpcCounter;
  /** The bench's own reads, and the students' wallets: they go to anvil directly (a wallet has its own RPC). */
  reader: PublicClient;
  anvilUrl: string;
  token: `0x${string}`;
  student: DevAccount;
  log: (line: string) => void;
}

/**
 * (a) Nobody on the site: the calls in about `seconds`, scaled to an hour and a day. The window runs from the
 * end of the poll that read one block's logs to the end of one that read another's, whole blocks, so that a
 * short window is not off by a block's reads.
 */
async function measureIdle(run: Run, seconds: number): Promise<RpcUsageResult["idle"]> {
  const blockReads = 3 * BLOCK_SECONDS * 1000;
  await afterPoll(run.rpc, "eth_getLogs", blockReads);
  const headBefore = await run.reader.getBlockNumber({ cacheTime: 0 });
  run.rpc.reset();
  const started = performance.now();
  await sleep(seconds * 1000 - (BLOCK_SECONDS * 1000) / 2);
  await afterPoll(run.rpc, "eth_getLogs", blockReads);
  const calls = snapshot(run.rpc);
  const measured = (performance.now() - started) / 1000;
  const blocks = Number((await run.reader.getBlockNumber({ cacheTime: 0 })) - headBefore);
  const perHour = scaled(calls, 3600 / measured);
  const perDay = scaled(calls, 86_400 / measured);
  const idle = {
    seconds: measured,
    blocks,
    calls,
    perHour,
    perDay,
    totalPerHour: total(perHour),
    totalPerDay: total(perDay),
  };
  run.log(
    `  idle ${measured.toFixed(0)} s (${blocks} blocks): ${total(calls)} calls; per hour ${idle.totalPerHour} (${byMethod(perHour)}), per day ${idle.totalPerDay}`,
  );
  return idle;
}

/** (b) Each page's reads with the caches cold, then at once again (a reload, another student on the page). */
async function measurePages(run: Run, cookie: string): Promise<RpcUsageResult["pages"]> {
  const [newest] = await run.db.select({ id: posts.id }).from(posts).orderBy(desc(posts.id)).limit(1);
  const pages: RpcUsageResult["pages"] = [];
  for (const page of pageReads(run.student.address.toLowerCase(), newest?.id ?? 1)) {
    // In parallel, as the page's hooks ask.
    const read = () =>
      Promise.all(page.requests.map(async (path) => (await api(run.base, path, { cookie })).arrayBuffer()));
    let warm: MethodCalls = {};
    const measured = await betweenPolls(run.rpc, async () => {
      await read();
      const before = snapshot(run.rpc);
      await read();
      warm = minus(snapshot(run.rpc), before);
    });
    const cold = minus(measured.calls, warm);
    const result = { ...page, ...measured, calls: cold, total: total(cold), warm };
    pages.push(result);
    run.log(`${describe(result)}; at once again: ${total(warm)}`);
  }
  return pages;
}

/** (b) The student's actions that touch the chain, and the uptime probes a host may point at the server. */
async function measureActions(run: Run, cookie: string, idle: RpcUsageResult["idle"]): Promise<RpcMeasure[]> {
  const wallet = run.student.address.toLowerCase();
  const actions: RpcMeasure[] = [];
  const measure = async (name: string, requests: string[], work: () => Promise<void>) => {
    const measured = { name, requests, ...(await betweenPolls(run.rpc, work)) };
    actions.push(measured);
    run.log(describe(measured));
  };
  for (const path of ["/api/health", "/api/health/ready"]) {
    await measure(`uptime probe GET ${path}`, [`GET ${path}`], async () => void (await api(run.base, path)));
  }
  await measure("write a forum post", ["POST /api/posts"], async () => {
    await api(run.base, "/api/posts", { cookie, body: { authorWallet: wallet, content: "Measuring RPC calls." } });
  });

  // A tip: the student's wallet sends the transfer over its own RPC, and the page reports it once mined.
  const [project] = await run.db
    .select({ id: projects.id, author: projects.authorWallet })
    .from(projects)
    .where(and(eq(projects.projectNumber, 1), eq(projects.archived, false)))
    .limit(1);
  if (!project) throw new Error("no project to tip");
  const author = project.author as `0x${string}`;
  const studentWallet = createWalletClient({
    chain: sepolia,
    transport: http(run.anvilUrl),
    account: privateKeyToAccount(run.student.privateKey),
  });
  const tipHash = await studentWallet.writeContract({
    address: run.token,
    abi: classCoinAbi,
    functionName: "transfer",
    args: [author, parseUnits("2", 18)],
  });
  await run.reader.waitForTransactionReceipt({ hash: tipHash });
  await measure("tip report (its transfer mined)", ["POST /api/projects/send-coin"], async () => {
    const body = { fromWallet: wallet, toWallet: author, amount: 2, projectId: String(project.id), txHash: tipHash };
    await api(run.base, "/api/projects/send-coin", { cookie, body });
  });

  // A gasless transfer: the treasury sends the student's signed authorization, answered once broadcast.
  const authorization = {
    from: run.student.address,
    to: author,
    value: parseUnits("2", 18),
    validAfter: 0n,
    validBefore: BigInt(Math.floor(Date.now() / 1000) + 600),
    nonce: randomAuthorizationNonce(),
  };
  const signature = await studentWallet.signTypedData({
    domain: classCoinDomain(SEPOLIA_CHAIN_ID, run.token),
    types: transferWithAuthorizationTypes,
    primaryType: "TransferWithAuthorization",
    message: authorization,
  });
  let relayHash = "";
  await measure("gasless transfer (relay)", ["POST /api/relay/transfer"], async () => {
    const body = {
      ...authorization,
      from: wallet,
      value: authorization.value.toString(),
      validAfter: "0",
      validBefore: authorization.validBefore.toString(),
      signature,
    };
    const answer = await api(run.base, "/api/relay/transfer", { cookie, body });
    relayHash = ((await answer.json()) as { txHash: string }).txHash;
  });

  // Its payment stays `signed` until a settler round finds it mined: the calls until then, less what the idle
  // server makes in that time (the indexer's polls go on meanwhile).
  const before = snapshot(run.rpc);
  const started = performance.now();
  const deadline = Date.now() + settlingInterval("sepolia") + 60_000;
  for (; ; await sleep(250)) {
    const [row] = await run.db
      .select({ status: treasuryPayments.status })
      .from(treasuryPayments)
      .where(eq(treasuryPayments.txHash, relayHash));
    if (row && row.status !== "signed") break;
    if (Date.now() > deadline) throw new Error(`the relayed payment ${relayHash} was not settled in time`);
  }
  const seconds = (performance.now() - started) / 1000;
  const calls = minus(minus(snapshot(run.rpc), before), scaled(idle.calls, seconds / idle.seconds));
  const settled = {
    name: "… its settlement by the payment settler (net of idle)",
    requests: [],
    calls,
    total: total(calls),
    ms: Math.round(seconds * 1000),
    clean: false,
  };
  actions.push(settled);
  run.log(describe(settled));
  return actions;
}

/**
 * (d) A student's open tab: Chromium on the page, an injected wallet connected (e2e/harness/test-wallet.ts),
 * then `seconds` of nothing, counting what reaches PUBLIC_RPC_URL.
 */
async function measureBrowserTabs(run: Run, publicRpc: RpcCounter, seconds: number): Promise<BrowserTab[]> {
  const browser = await launchBrowser();
  const tabs: BrowserTab[] = [];
  try {
    for (const path of ["/forum", "/projects", "/explorer"]) {
      const context = await browser.newContext();
      const page = await context.newPage();
      // tsx names the functions it compiles (`__name`); the wallet's init script runs in the page, without it.
      await page.addInitScript("globalThis.__name = (f) => f");
      await TestWallet.install(page, {
        rpcUrl: run.anvilUrl,
        signer: run.student.privateKey,
        chainId: SEPOLIA_CHAIN_ID,
        chains: [SEPOLIA_CHAIN_ID],
        authorised: true,
      });
      await page.goto(`${run.base}${path}`);
      // Authorised before: the app reconnects by itself, as a returning student's does.
      await page.getByRole("banner").getByRole("button", { name: CONNECTED }).waitFor({ timeout: 30_000 });
      await page.getByTestId("header-balance").filter({ hasText: "CC" }).waitFor({ timeout: 30_000 });
      await sleep(2_000);
      publicRpc.reset();
      const started = performance.now();
      await sleep(seconds * 1000);
      const measured = (performance.now() - started) / 1000;
      const calls = snapshot(publicRpc);
      const requests: MethodCalls = Object.fromEntries(publicRpc.requests);
      const tab = {
        page: path,
        seconds: measured,
        calls,
        requests,
        callsPerHour: Math.round((total(calls) * 3600) / measured),
        requestsPerHour: Math.round((total(requests) * 3600) / measured),
      };
      tabs.push(tab);
      run.log(
        `  browser tab ${path}, idle ${measured.toFixed(0)} s: ${total(calls)} calls (${byMethod(calls) || "none"}), HTTP ${byMethod(requests) || "none"}; per hour ${tab.callsPerHour} calls, ${tab.requestsPerHour} requests`,
      );
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return tabs;
}

export async function benchRpcUsage(quick: boolean, log: (line: string) => void): Promise<RpcUsageResult> {
  const anvil = await startAnvil({ chainId: SEPOLIA_CHAIN_ID, blockTime: BLOCK_SECONDS });
  const dataDir = mkdtempSync(join(tmpdir(), "classcoin-bench-rpc-"));
  const transport = http(anvil.rpcUrl);
  const reader = createPublicClient({ chain: sepolia, transport, pollingInterval: 250 }) as PublicClient;
  const treasury = devAccount(0);
  const student = devAccount(1);
  let rpc: RpcCounter | undefined;
  let publicRpc: RpcCounter | undefined;
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    const test = createTestClient({ chain: sepolia, mode: "anvil", transport });
    await test.setCode({ address: MULTICALL3_ADDRESS, bytecode: multicall3Code() });
    const owner = createWalletClient({ chain: sepolia, transport, account: privateKeyToAccount(treasury.privateKey) });
    const token = await deployClassCoin(owner, reader);
    await fund(owner, reader, student.address, { token, cc: 100 });

    rpc = await startRpcCounter(anvil.rpcUrl);
    publicRpc = await startRpcCounter(anvil.rpcUrl);
    const config = loadConfig({
      CHAIN: "sepolia",
      RPC_URL: rpc.url,
      PUBLIC_RPC_URL: publicRpc.url,
      TOKEN_ADDRESS: token,
      ADMIN_WALLET: treasury.address,
      TREASURY_PRIVATE_KEY: treasury.privateKey,
      DATA_DIR: dataDir,
      PORT: "0",
      PUBLIC_URL: SITE,
      LOG_LEVEL: "error",
    });
    server = await startServer(config);
    const address = server.app.server.address();
    const { db } = server.app.deps.database;
    const run: Run = {
      base: `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`,
      db,
      rpc,
      reader,
      anvilUrl: anvil.rpcUrl,
      token,
      student,
      log,
    };
    await seedCommunity(db, { profiles: STUDENTS - 1, posts: 60, votesPerPost: 3, projectsPerNumber: 8 });
    await db.insert(profiles).values({
      wallet: student.address.toLowerCase(),
      name: "Bench Student",
      birthday: "2010-01-01",
      starSign: "Leo",
    });
    await waitCaughtUp(db, reader, config.confirmations);
    const multicall3 = server.app.deps.chain.chain?.contracts?.multicall3 !== undefined;
    log(
      `  server up: CHAIN=sepolia, ${BLOCK_SECONDS} s blocks, CONFIRMATIONS=${config.confirmations}, Multicall3 ${multicall3 ? "found" : "absent"}, ${STUDENTS} students`,
    );

    const idle = await measureIdle(run, quick ? 60 : 300);
    let cookie = "";
    const signIn = {
      name: "sign in (SIWE)",
      requests: ["GET /api/auth/nonce", "POST /api/auth/verify"],
      ...(await betweenPolls(rpc, async () => {
        cookie = await signInAs(run.base, student.privateKey);
      })),
    };
    log(describe(signIn));
    const pages = await measurePages(run, cookie);
    const actions = [signIn, ...(await measureActions(run, cookie, idle))];

    // (c) Browsers read the chain over the URL /api/config hands them; the server sent that one nothing.
    const publicConfig = (await (await api(run.base, "/api/config")).json()) as { rpcUrl: string };
    const publicRpcCalls = snapshot(publicRpc);
    const browserTabs = await measureBrowserTabs(run, publicRpc, quick ? 65 : 125);
    return {
      setup: {
        chainId: SEPOLIA_CHAIN_ID,
        blockSeconds: BLOCK_SECONDS,
        confirmations: config.confirmations,
        indexerPollMs: INDEXER_POLL_MS,
        settlerEveryMs: settlingInterval("sepolia"),
        multicall3,
        students: STUDENTS,
      },
      idle,
      pages,
      actions,
      browsersUsePublicRpc: publicConfig.rpcUrl === publicRpc.url && publicConfig.rpcUrl !== rpc.url,
      publicRpcCalls,
      browserTabs,
    };
  } finally {
    await server?.close();
    await rpc?.close();
    await publicRpc?.close();
    await anvil.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
