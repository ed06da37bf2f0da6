/**
 * A chain for one test file: a fresh ClassCoin deployment owned by the file's account 0 (its treasury and
 * admin), and accounts 1-9 as its users.
 *
 * Under Vitest the chain is the run's one shared anvil (see `shared-anvil.ts`), and the file's accounts are
 * ten fresh keys funded with ETH, so files running in parallel share neither a token, a balance nor a
 * sender nonce. A file that changes the chain itself (snapshot/revert, automine, time travel, exact block
 * numbers) asks for `{ ownChain: true }`: a private anvil whose accounts are anvil's dev accounts.
 * Outside Vitest (the benchmarks) there is no shared chain, so every call gets a private one.
 */
import { classCoinAbi } from "@classcoin/contracts";
import { type Anvil, type AnvilOptions, startAnvil } from "@classcoin/contracts/anvil";
import { deployClassCoin } from "@classcoin/contracts/deploy";
import { type DevAccount, devAccount } from "@classcoin/contracts/dev-accounts";
import { fund } from "@classcoin/contracts/fund";
import {
  type Account,
  type Chain,
  createPublicClient,
  createTestClient,
  createWalletClient,
  http,
  keccak256,
  type PublicClient,
  parseEther,
  stringToHex,
  type Transport,
  type WalletClient,
} from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { foundry } from "viem/chains";
import { ACCOUNTS_PER_FILE, testAccount, useTestAccounts } from "./accounts";
import { SHARED_ANVIL_RPC_URL } from "./shared-anvil";

export interface TestChainOptions {
  /** A private anvil for this file, for tests that change the chain itself (see the module comment). */
  ownChain?: boolean;
}

export interface TestChain {
  rpcUrl: string;
  /** Whether this file has the chain to itself (`ownChain`, or no shared chain outside Vitest). */
  own: boolean;
  tokenAddress: `0x${string}`;
  publicClient: PublicClient;
  test: ReturnType<typeof makeTestClient>;
  /** The file's account `index` (0-9): 0 owns the token (treasury, admin), 1-9 are users. */
  account(index: number): DevAccount;
  wallet(index: number): WalletClient<Transport, Chain, Account>;
  /** Sends `amount` whole CC from the treasury (account 0) and waits for the receipt. */
  fund(to: `0x${string}`, amount: number): Promise<void>;
  balanceOf(wallet: `0x${string}`): Promise<bigint>;
  /** Stops the file's own anvil; the shared one outlives the file (the global setup stops it). */
  stop(): Promise<void>;
}

function makeTestClient(rpcUrl: string) {
  return createTestClient({ chain: foundry, mode: "anvil", transport: http(rpcUrl) });
}

/** Test-client calls that change the chain for every file on it; on the shared chain they throw. */
const CHAIN_WIDE = new Set([
  "snapshot",
  "revert",
  "reset",
  "loadState",
  "setAutomine",
  "setIntervalMining",
  "increaseTime",
  "setNextBlockTimestamp",
  "setBlockTimestampInterval",
  "removeBlockTimestampInterval",
  "setBlockGasLimit",
  "setNextBlockBaseFeePerGas",
  "setMinGasPrice",
  "setCoinbase",
  "dropTransaction",
]);

function guardShared(client: ReturnType<typeof makeTestClient>): ReturnType<typeof makeTestClient> {
  return new Proxy(client, {
    get(target, property, receiver) {
      if (typeof property === "string" && CHAIN_WIDE.has(property)) {
        return () =>
          Promise.reject(
            new Error(
              `chain.test.${property} would change the chain every test file shares: start this file's chain with startTestChain({ ownChain: true })`,
            ),
          );
      }
      return Reflect.get(target, property, receiver);
    },
  });
}

/** The shared anvil's RPC URL when running under Vitest with the global setup, else undefined. */
async function sharedRpcUrl(): Promise<string | undefined> {
  if (!process.env.VITEST) return undefined;
  const { inject } = await import("vitest");
  return inject(SHARED_ANVIL_RPC_URL);
}

let chainsStarted = 0;

/**
 * Ten accounts no other file uses: keys derived from the test file's path (so a failure replays with the
 * same addresses), or random when the path is unknown.
 */
async function freshAccounts(): Promise<DevAccount[]> {
  const { expect } = await import("vitest");
  const path = expect.getState().testPath;
  const salt = path ? `${path}#${chainsStarted}` : generatePrivateKey();
  return Array.from({ length: ACCOUNTS_PER_FILE }, (_, index) => {
    const privateKey = keccak256(stringToHex(`classcoin test account|${salt}|${index}`));
    return { index, address: privateKeyToAccount(privateKey).address, privateKey };
  });
}

/** Ports of the chains this process has started, each handed out once. */
const portsUsed = new Set<number>();

/**
 * An anvil on a port no earlier chain of this process had. The api project runs its files in one process
 * (vitest.config.ts), and the app keeps a little state per RPC URL for the process (the treasury's next
 * nonce, cached balances): a new chain on an old URL would inherit it, and the OS may give a port twice.
 */
export async function startOwnAnvil(options: AnvilOptions = {}): Promise<Anvil> {
  const taken: Anvil[] = [];
  try {
    for (;;) {
      const anvil = await startAnvil(options);
      if (!portsUsed.has(anvil.port)) {
        portsUsed.add(anvil.port);
        return anvil;
      }
      // Kept running until a fresh port is found, so the OS cannot hand the same one back.
      taken.push(anvil);
    }
  } finally {
    await Promise.all(taken.map((anvil) => anvil.stop()));
  }
}

export async function startTestChain(options: TestChainOptions = {}): Promise<TestChain> {
  chainsStarted++;
  const shared = options.ownChain ? undefined : await sharedRpcUrl();
  const anvil: Anvil | undefined = shared ? undefined : await startOwnAnvil();
  const rpcUrl = shared ?? (anvil as Anvil).rpcUrl;
  const transport = http(rpcUrl);
  const publicClient = createPublicClient({ chain: foundry, transport, pollingInterval: 50 }) as PublicClient;
  const test = makeTestClient(rpcUrl);
  try {
    if (shared) {
      const accounts = await freshAccounts();
      await Promise.all(accounts.map((a) => test.setBalance({ address: a.address, value: parseEther("10000") })));
      useTestAccounts((index) => accounts[index] as DevAccount);
    } else {
      useTestAccounts(devAccount);
    }
    const wallets = new Map<number, WalletClient<Transport, Chain, Account>>();
    const wallet = (index: number) => {
      let client = wallets.get(index);
      if (!client) {
        client = createWalletClient({
          chain: foundry,
          transport,
          account: privateKeyToAccount(testAccount(index).privateKey),
        });
        wallets.set(index, client);
      }
      return client;
    };
    const tokenAddress = await deployClassCoin(wallet(0), publicClient);
    return {
      rpcUrl,
      own: !shared,
      tokenAddress,
      publicClient,
      account: testAccount,
      test: shared ? guardShared(test) : test,
      wallet,
      async fund(to, amount) {
        await fund(wallet(0), publicClient, to, { token: tokenAddress, cc: amount });
      },
      balanceOf(address) {
        return publicClient.readContract({
          address: tokenAddress,
          abi: classCoinAbi,
          functionName: "balanceOf",
          args: [address],
        });
      },
      stop: async () => {
        await anvil?.stop();
      },
    };
  } catch (error) {
    await anvil?.stop();
    throw error;
  }
}
