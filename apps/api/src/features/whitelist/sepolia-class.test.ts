/**
 * The README's Sepolia steps for a class from nothing (issue 14), on a Sepolia stand-in (anvil with chain id
 * 11155111, the server configured with CHAIN=sepolia): deploy the token → the admin adds the roster (each
 * student gets the welcome grant: CC to create a profile, ETH for gas) → students sign in and create their
 * profiles (whitelist mode is on by default; a wallet off the roster cannot) → Deploy ClassCoin.
 */

import { classCoinAbi } from "@classcoin/contracts";
import type { Anvil } from "@classcoin/contracts/anvil";
import { deployClassCoin } from "@classcoin/contracts/deploy";
import { adminAction, buildAdminMessage } from "@classcoin/shared/admin";
import { SEPOLIA_CHAIN_ID } from "@classcoin/shared/constants";
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  http,
  type PublicClient,
  parseEther,
  parseUnits,
} from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { foundry } from "viem/chains";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import { createChainClient } from "../../chain/clients";
import { loadConfig } from "../../config";
import type { TestApp } from "../../testing/app";
import { startOwnAnvil } from "../../testing/chain";
import { createTestDatabase } from "../../testing/database";
import { multipartBody } from "../../testing/multipart";
import { signIn } from "../../testing/sign-in";

describe("a class on a Sepolia stand-in (chain id 11155111), from nothing", () => {
  let anvil: Anvil;
  let t: TestApp;
  let client: PublicClient;
  let token: `0x${string}`;
  const instructorKey = generatePrivateKey();
  const instructor = privateKeyToAccount(instructorKey);
  const students = [0, 1, 2].map(() => {
    const key = generatePrivateKey();
    return { key, wallet: privateKeyToAccount(key).address.toLowerCase() as `0x${string}` };
  });

  beforeAll(async () => {
    anvil = await startOwnAnvil({ chainId: SEPOLIA_CHAIN_ID });
    const chain = defineChain({ ...foundry, id: SEPOLIA_CHAIN_ID, rpcUrls: { default: { http: [anvil.rpcUrl] } } });
    client = createPublicClient({ chain, transport: http(anvil.rpcUrl), pollingInterval: 50 }) as PublicClient;
    await client.request({
      method: "anvil_setBalance" as never,
      params: [instructor.address, `0x${parseEther("5").toString(16)}`] as never,
    });
    // 1. The instructor deploys the token (npm run deploy:sepolia does this with DEPLOYER_PRIVATE_KEY).
    token = await deployClassCoin(
      createWalletClient({ account: instructor, chain, transport: http(anvil.rpcUrl) }),
      client,
    );
    const config = loadConfig({
      CHAIN: "sepolia",
      RPC_URL: anvil.rpcUrl,
      PUBLIC_RPC_URL: anvil.rpcUrl.replace("127.0.0.1", "localhost"),
      TOKEN_ADDRESS: token,
      ADMIN_WALLET: instructor.address,
      // The deployer's key, as in the .env printed by deploy:sepolia.
      TREASURY_PRIVATE_KEY: instructorKey,
      CONFIRMATIONS: "0",
      PUBLIC_URL: "https://class.example.edu",
      INDEXER: "false",
      RATE_LIMIT: "false",
      LOG_LEVEL: "silent",
    });
    const database = await createTestDatabase("pglite");
    const app = await buildApp({ config, database, chain: createChainClient(config) });
    await app.ready();
    t = {
      app,
      config,
      database,
      close: async () => {
        await app.close();
        await database.close();
      },
    };
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await anvil?.stop();
  });

  async function admin(method: "GET" | "POST", path: string, body: Record<string, unknown> = {}) {
    const message = buildAdminMessage({
      action: adminAction(method, path),
      wallet: instructor.address,
      extras: method === "POST" ? body : {},
    });
    const signature = await instructor.signMessage({ message });
    const wallet = instructor.address.toLowerCase();
    return method === "GET"
      ? t.app.inject({ method, url: `/api/admin${path.replace(":wallet", wallet)}`, query: { message, signature } })
      : t.app.inject({
          method,
          url: `/api/admin${path}`,
          payload: { ...body, adminWallet: wallet, message, signature },
        });
  }
  const cc = (wallet: `0x${string}`) =>
    client.readContract({ address: token, abi: classCoinAbi, functionName: "balanceOf", args: [wallet] });
  async function createProfile(key: `0x${string}`, wallet: string, name: string) {
    const cookie = await signIn(t, key);
    const form = await multipartBody({ wallet, name, birthday: "2010-05-05", starSign: "Leo", balance: 0 });
    return t.app.inject({
      method: "POST",
      url: "/api/profiles",
      payload: form.payload,
      headers: { ...form.headers, cookie },
    });
  }

  it("deploy → roster (welcome grants) → students create profiles → Deploy ClassCoin", async () => {
    expect(t.config.chainId).toBe(SEPOLIA_CHAIN_ID);
    expect((await admin("GET", "/settings/:wallet")).json()).toEqual({ whitelistMode: true });

    // 2. The roster, pasted in the Whitelist tab.
    const roster = await admin("POST", "/whitelist/add-many", {
      list: students.map((s, i) => `${s.wallet},Student ${i + 1}`).join("\n"),
    });
    expect(roster.statusCode, roster.body).toBe(200);
    expect(roster.json().grants.map((g: { state: string }) => g.state)).toEqual(["paid", "paid", "paid"]);
    for (const s of students) {
      expect(await cc(s.wallet)).toBe(parseUnits("10", 18));
      expect(await client.getBalance({ address: s.wallet })).toBe(parseEther("0.01"));
    }

    // 3. Students connect and create their profiles; a wallet off the roster cannot, even holding CC.
    for (const [i, s] of students.entries()) {
      const res = await createProfile(s.key, s.wallet, `Student ${i + 1}`);
      expect(res.statusCode, res.body).toBe(201);
    }
    const outsiderKey = generatePrivateKey();
    const refused = await createProfile(outsiderKey, privateKeyToAccount(outsiderKey).address, "Outsider");
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatch(/whitelist/);

    // 4. Deploy ClassCoin: 10,000 CC more to each student.
    const deploy = await admin("POST", "/deploy-classcoin", { confirmed: true });
    expect(deploy.json()).toEqual({ recipients: 3, amountPerProfile: 10_000, totalDeployed: 30_000 });
    for (const s of students) expect(await cc(s.wallet)).toBe(parseUnits("10010", 18));
  }, 120_000);
});
