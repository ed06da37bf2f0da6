import { type Account, type Chain, type PublicClient, parseUnits, type Transport, type WalletClient } from "viem";
import { classCoinAbi, classCoinBytecode } from "./generated/ClassCoin";

/** The owner (treasury) starts with one million CC so the faucet and demo data can hand coins out. */
export const INITIAL_SUPPLY = parseUnits("1000000", 18);

export async function deployClassCoin(
  walletClient: WalletClient<Transport, Chain, Account>,
  publicClient: PublicClient,
  initialSupply: bigint = INITIAL_SUPPLY,
): Promise<`0x${string}`> {
  const hash = await walletClient.deployContract({
    abi: classCoinAbi,
    bytecode: classCoinBytecode,
    args: [walletClient.account.address, initialSupply],
  });
  const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  if (receipt.status !== "success" || !receipt.contractAddress) {
    throw new Error(`ClassCoin deployment failed (tx ${hash}, status ${receipt.status})`);
  }
  return receipt.contractAddress;
}
