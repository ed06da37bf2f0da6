/**
 * Whether the chain has Multicall3 (the same address on every chain that deployed it). viem batches reads
 * through it when asked to; on a chain without it (a fresh anvil, a Sepolia stand-in) every batched read
 * fails, so the server looks once at start and batches only where the contract answers.
 */
import { createPublicClient, http } from "viem";

export const MULTICALL3_ADDRESS = "0xcA11bde05977b3631167028862bE2a173976CA11";

/** true when Multicall3's code is on the chain; false when not, or when the RPC cannot say (never batch). */
export async function detectMulticall3(rpcUrl: string, timeoutMs = 5_000): Promise<boolean> {
  const client = createPublicClient({ transport: http(rpcUrl, { timeout: timeoutMs, retryCount: 0 }) });
  try {
    const code = await client.getCode({ address: MULTICALL3_ADDRESS });
    return code !== undefined && code !== "0x";
  } catch {
    return false;
  }
}
