/**
 * Load soak: the real server (`apps/api/src/server.ts`, indexer and rate limits on) as its own process,
 * driven for 60 s by a mixed read/write workload from as many concurrent clients as the machine sustains.
 * No 5xx, no error in its log, memory flat; then abuse from one wallet and one IP is answered with 429 and
 * Retry-After on posts, votes, uploads and sign-in nonces.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInOverHttp } from "../apps/api/src/security/http-sign-in";
import { startTestChain, type TestChain } from "../apps/api/src/testing/chain";
import { createThrowawayPostgres, type ThrowawayPostgres } from "../apps/api/src/testing/database";
import { freePort } from "../e2e/harness/free-port";

const repoRoot = resolve(fileURLToPath(import.meta.url), "../..");
const adminUrl = process.env.TEST_DATABASE_URL;
const DURATION_MS = 60_000;
const CLIENTS = 12;
const WALLETS = 24;

let chain: TestChain;
let server: ChildProcess;
let base = "";
let log = "";
let dataDir = "";
let throwaway: ThrowawayPostgres | undefined;

const rssOf = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
};

beforeAll(async () => {
  chain = await startTestChain();
  const port = await freePort();
  dataDir = mkdtempSync(join(tmpdir(), "classcoin-load-"));
  const env: Record<string, string> = {
    PORT: String(port),
    HOST: "127.0.0.1",
    CHAIN: "local",
    RPC_URL: chain.rpcUrl,
    TOKEN_ADDRESS: chain.tokenAddress,
    ADMIN_WALLET: chain.account(0).address,
    TREASURY_PRIVATE_KEY: chain.account(0).privateKey,
    PUBLIC_URL: `http://localhost:${port}`,
    DATA_DIR: dataDir,
    SEED_DEMO: "false",
    INDEXER: "true",
    RATE_LIMIT: "true",
    LOG_LEVEL: "warn",
  };
  if (adminUrl) {
    throwaway = await createThrowawayPostgres(adminUrl, "classcoin_load");
    env.DATABASE_URL = throwaway.url;
  }
  // `node --import tsx` (not the tsx CLI) so that the child's pid is the server's, for its memory.
  server = spawn(process.execPath, ["--import", "tsx", "apps/api/src/server.ts"], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout?.on("data", (c: Buffer) => {
    log += c.toString();
  });
  server.stderr?.on("data", (c: Buffer) => {
    log += c.toString();
  });
  base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (!log.includes("listening on")) {
    if (Date.now() > deadline || server.exitCode !== null) throw new Error(`the server did not start:\n${log}`);
    await new Promise((r) => setTimeout(r, 100));
  }
});
afterAll(async () => {
  if (server && server.exitCode === null) {
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
  }
  await chain?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  await throwaway?.drop();
});

interface Member {
  wallet: `0x${string}`;
  cookie: string;
}

/** A signed-in wallet with 5 CC and a profile. Funding is sequential (one treasury nonce at a time). */
async function newMember(name: string, key = generatePrivateKey()): Promise<Member> {
  const wallet = privateKeyToAccount(key).address.toLowerCase() as `0x${string}`;
  if ((await chain.balanceOf(wallet)) === 0n) await chain.fund(wallet, 5);
  const cookie = await signInOverHttp(base, key);
  const form = new FormData();
  for (const [k, v] of Object.entries({ wallet, name, birthday: "2010-04-04", starSign: "Taurus", balance: "5" })) {
    form.append(k, v);
  }
  const res = await fetch(`${base}/api/profiles`, { method: "POST", body: form, headers: { cookie } });
  if (res.status !== 201) throw new Error(`profile for ${name}: ${res.status} ${await res.text()}`);
  return { wallet, cookie };
}

describe("load soak", () => {
  it("60 s of mixed reads and writes: no 5xx, no error logged, memory flat", async () => {
    const keys = Array.from({ length: WALLETS }, () => generatePrivateKey());
    for (const key of keys) await chain.fund(privateKeyToAccount(key).address, 5);
    const members = await Promise.all(keys.map((key, i) => newMember(`Load ${i}`, key)));
    const postIds: string[] = [];
    for (const m of members.slice(0, 6)) {
      const res = await fetch(`${base}/api/posts`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie: m.cookie },
        body: JSON.stringify({ authorWallet: m.wallet, content: `Hello from ${m.wallet.slice(0, 8)}` }),
      });
      expect(res.status, await res.clone().text()).toBe(200);
      postIds.push(((await res.json()) as { _id: string })._id);
    }

    const reads = [
      "/api/posts",
      "/api/profiles",
      "/api/explorer/transactions",
      "/api/explorer/stats",
      "/api/explorer/daily",
      "/api/projects/1",
      "/api/admin/public/bounties",
      "/api/config",
      `/api/profiles/${members[0]!.wallet}`,
      "/",
    ];
    const statuses = new Map<number, number>();
    const failures: string[] = [];
    let requests = 0;
    const pick = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)]!;
    const stopAt = Date.now() + DURATION_MS;
    const memory: number[] = [];
    const sampler = setInterval(() => memory.push(rssOf(server.pid!)), 1_000);

    const client = async () => {
      while (Date.now() < stopAt) {
        const roll = Math.random();
        const m = pick(members);
        let res: Response;
        try {
          if (roll < 0.7) {
            res = await fetch(`${base}${pick(reads)}`);
          } else if (roll < 0.95) {
            res = await fetch(`${base}/api/posts/vote`, {
              method: "POST",
              headers: { "content-type": "application/json", cookie: m.cookie },
              body: JSON.stringify({ postId: pick(postIds), type: pick(["up", "down"]), voterWallet: m.wallet }),
            });
          } else {
            res = await fetch(`${base}/api/posts`, {
              method: "POST",
              headers: { "content-type": "application/json", cookie: m.cookie },
              body: JSON.stringify({ authorWallet: m.wallet, content: `load ${requests}` }),
            });
          }
          await res.arrayBuffer();
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          if (res.status >= 500) failures.push(`${res.status} ${res.url}`);
        } catch (error) {
          failures.push(String(error));
        }
        requests++;
      }
    };
    await Promise.all(Array.from({ length: CLIENTS }, client));
    clearInterval(sampler);

    const seconds = DURATION_MS / 1000;
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
    const mb = (bytes: number) => Math.round(bytes / 2 ** 20);
    // The first 10 s warm the heap up; then compare seconds 10–25 with the last 15.
    const early = median(memory.slice(10, 25));
    const late = median(memory.slice(-15));
    console.log(
      `load soak: ${requests} requests in ${seconds} s (${Math.round(requests / seconds)}/s, ${CLIENTS} clients), ` +
        `statuses ${JSON.stringify(Object.fromEntries(statuses))}, RSS ${mb(early)} MB → ${mb(late)} MB ` +
        `(every 10 s: ${memory
          .filter((_, i) => i % 10 === 0)
          .map(mb)
          .join(", ")} MB)`,
    );
    expect(failures.slice(0, 10)).toEqual([]);
    expect([...statuses.keys()].filter((s) => s >= 500)).toEqual([]);
    expect(log.split("\n").filter((line) => /"level":(50|60)/.test(line))).toEqual([]);
    expect(server.exitCode).toBeNull();
    // Flat: once warm, what the server holds at the end is within 25% (+48 MB of slack) of what it held.
    expect(late).toBeLessThan(early * 1.25 + 48 * 2 ** 20);
  });

  it("abuse is answered with 429 and Retry-After: posts, votes, uploads and sign-in nonces", async () => {
    const m = await newMember("Spammer");
    // From an address of its own (the server trusts the local proxy's X-Forwarded-For): the load above, 24
    // wallets from one IP, used up that IP's ceiling on posts and votes (http/rate-limit.ts), which would
    // answer 429 before the spammer's own limits.
    const from = { "x-forwarded-for": "198.51.100.7" };
    const limited = async (send: () => Promise<Response>, atMost: number) => {
      for (let i = 0; i <= atMost; i++) {
        const res = await send();
        const body = await res.text();
        expect(res.status, body).toBeLessThan(500);
        if (res.status === 429) {
          expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
          expect(JSON.parse(body).error).toMatch(/^Too many requests\. Please wait \d+ seconds and try again\.$/);
          return i;
        }
      }
      throw new Error(`no 429 within ${atMost + 1} requests`);
    };
    const json = (url: string, payload: object) => () =>
      fetch(`${base}${url}`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie: m.cookie, ...from },
        body: JSON.stringify(payload),
      });
    const posts = await limited(json("/api/posts", { authorWallet: m.wallet, content: "spam" }), 5);
    const postId = ((await (await fetch(`${base}/api/posts?limit=1`)).json()) as { _id: string }[])[0]!._id;
    const votes = await limited(json("/api/posts/vote", { postId, type: "up", voterWallet: m.wallet }), 200);
    const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: "#888" } })
      .png()
      .toBuffer();
    const uploads = await limited(() => {
      const form = new FormData();
      for (const [k, v] of Object.entries({
        wallet: m.wallet,
        name: "Spammer",
        birthday: "2010-04-04",
        starSign: "Leo",
      })) {
        form.append(k, v);
      }
      form.append("photo", new Blob([Uint8Array.from(png)], { type: "image/png" }), "p.png");
      return fetch(`${base}/api/profiles/update`, {
        method: "POST",
        body: form,
        headers: { cookie: m.cookie, ...from },
      });
    }, 30);
    const nonces = await limited(() => fetch(`${base}/api/auth/nonce`, { headers: from }), 200);
    console.log(`abuse: 429 after ${posts} posts, ${votes} votes, ${uploads} uploads, ${nonces} nonces`);
    expect(posts).toBe(1);
    expect(votes).toBeLessThanOrEqual(120);
    expect(uploads).toBeLessThanOrEqual(10);
    expect(nonces).toBeLessThanOrEqual(60);
    // The server still serves everyone else.
    expect((await fetch(`${base}/api/posts`)).status).toBe(200);
  });
});
