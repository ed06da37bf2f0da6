/**
 * The treasury: the token owner's key (TREASURY_PRIVATE_KEY; locally anvil account 0), the only signer the
 * server holds. It sends `mintBatch` for "Deploy ClassCoin" and nothing else.
 */
import { classCoinAbi } from "@classcoin/contracts";
import { createWalletClient, type Hash, http, type PublicClient } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import type { Config } from "../config";
import { chainFor } from "./clients";

const RECEIPT_TIMEOUT_MS = 180_000;

export interface Treasury {
  address: `0x${string}`;
  /** Mints `amountWei` to each address in one transaction and waits until it is mined successfully. */
  mintBatch(to: `0x${string}`[], amountWei: bigint): Promise<Hash>;
}

export function createTreasury(config: Config, chain: PublicClient): Treasury {
  const token = config.tokenAddress;
  const account = privateKeyToAccount(config.treasuryPrivateKey);
  const wallet = createWalletClient({
    account,
    chain: chainFor(config),
    transport: http(config.rpcUrl, { timeout: 30_000, retryCount: 0 }),
  });
  return {
    address: account.address,
    async mintBatch(to, amountWei) {
      if (!token) throw new Error("TOKEN_ADDRESS is not configured: the ClassCoin token has not been deployed yet");
      // No retry on send: a resent mint after a lost response could mint twice.
      const hash = await wallet.writeContract({
        address: token,
        abi: classCoinAbi,
        functionName: "mintBatch",
        args: [to, amountWei],
      });
      const receipt = await chain.waitForTransactionReceipt({ hash, timeout: RECEIPT_TIMEOUT_MS });
      if (receipt.status !== "success") throw new Error(`mintBatch transaction ${hash} reverted`);
      return hash;
    },
  };
}
