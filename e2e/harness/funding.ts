/**
 * The stack's chain from Node: a reader, fresh wallets, and funding from the treasury (anvil account 0,
 * which holds the initial supply) with the one `fund` helper, as `npm run faucet` does.
 */
import { devAccount } from "@classcoin/contracts/dev-accounts";
import { type FundRequest, fund } from "@classcoin/contracts/fund";
import { createPublicClient, createWalletClient, http } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { foundry } from "viem/chains";
import type { E2EStack } from "./stack";

export function chainClient(stack: E2EStack) {
  return createPublicClient({ chain: foundry, transport: http(stack.rpcUrl), pollingInterval: 50 });
}

/** A wallet client of `key` (default the treasury) on the stack's chain. */
export function walletOn(stack: E2EStack, key: `0x${string}` = devAccount(0).privateKey) {
  return createWalletClient({ account: privateKeyToAccount(key), chain: foundry, transport: http(stack.rpcUrl) });
}

/** Sends CC and/or ETH (whole units, e.g. `{ cc: "5", eth: "1" }`) from the treasury and waits for them. */
export async function fundWallet(
  stack: E2EStack,
  to: `0x${string}`,
  amounts: Omit<FundRequest, "token">,
): Promise<void> {
  await fund(walletOn(stack), chainClient(stack), to, { ...amounts, token: stack.tokenAddress });
}

/** A wallet no test has used: a random key and its address. */
export function freshWallet(): { key: `0x${string}`; address: `0x${string}` } {
  const key = generatePrivateKey();
  return { key, address: privateKeyToAccount(key).address };
}
