/** A real anvil for one test file, with ClassCoin deployed by account 0 (the owner/treasury/admin). */

import { classCoinAbi } from "@classcoin/contracts";
import { type Anvil, startAnvil } from "@classcoin/contracts/anvil";
import { deployClassCoin } from "@classcoin/contracts/deploy";
import { devAccount } from "@classcoin/contracts/dev-accounts";
import {
  type Account,
  type Chain,
  createPublicClient,
  createTestClient,
  createWalletClient,
  http,
  type PublicClient,
  parseUnits,
  type Transport,
  type WalletClient,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { foundry } from "viem/chains";

export interface TestChain {
  anvil: Anvil;
  rpcUrl: string;
  tokenAddress: `0x${string}`;
  publicClient: PublicClient;
  test: ReturnType<typeof makeTestClient>;
  wallet(index: number): WalletClient<Transport, Chain, Account>;
  /** Sends `amount` whole CC from the treasury (account 0) and waits for the receipt. */
  fund(to: `0x${string}`, amount: number): Promise<void>;
  balanceOf(wallet: `0x${string}`): Promise<bigint>;
  stop(): Promise<void>;
}

function makeTestClient(rpcUrl: string) {
  return createTestClient({ chain: foundry, mode: "anvil", transport: http(rpcUrl) });
}

export async function startTestChain(): Promise<TestChain> {
  const anvil = await startAnvil();
  const transport = http(anvil.rpcUrl);
  const publicClient = createPublicClient({ chain: foundry, transport, pollingInterval: 50 }) as PublicClient;
  const wallets = new Map<number, WalletClient<Transport, Chain, Account>>();
  const wallet = (index: number) => {
    let client = wallets.get(index);
    if (!client) {
      client = createWalletClient({
        chain: foundry,
        transport,
        account: privateKeyToAccount(devAccount(index).privateKey),
      });
      wallets.set(index, client);
    }
    return client;
  };
  const tokenAddress = await deployClassCoin(wallet(0), publicClient);
  return {
    anvil,
    rpcUrl: anvil.rpcUrl,
    tokenAddress,
    publicClient,
    test: makeTestClient(anvil.rpcUrl),
    wallet,
    async fund(to, amount) {
      const hash = await wallet(0).writeContract({
        address: tokenAddress,
        abi: classCoinAbi,
        functionName: "transfer",
        args: [to, parseUnits(String(amount), 18)],
      });
      await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    },
    balanceOf(address) {
      return publicClient.readContract({
        address: tokenAddress,
        abi: classCoinAbi,
        functionName: "balanceOf",
        args: [address],
      });
    },
    stop: () => anvil.stop(),
  };
}
