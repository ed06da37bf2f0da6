/**
 * "Start new semester" draws the line between the semesters' explorers at the last block the indexer has
 * written (a semester's archive holds what was indexed; the new one starts after it). The indexer stays
 * CONFIRMATIONS blocks behind the chain (two on Sepolia, about half a minute), so a payment mined just before
 * the start was listed in the new semester instead of the one it belongs to (a rehearsal's last award of the
 * term). Before starting, the server waits until the indexer has written the block that was the chain's
 * newest when the admin asked (or until `timeoutMs`, then starts as before).
 */
import { readCheckpoint } from "../../chain/indexer/store";
import type { AppDeps } from "../../deps";

export const EXPLORER_WAIT_MS = 90_000;

/** Resolves once the explorer holds every block up to the chain's current one; false when it gave up waiting. */
export async function waitForExplorerToReachHead(
  deps: Pick<AppDeps, "config" | "chain" | "database">,
  options: { timeoutMs?: number; pollMs?: number } = {},
): Promise<boolean> {
  const token = deps.config.tokenAddress?.toLowerCase();
  // No indexer in this deployment (nothing would ever catch up), or nothing indexed yet (the semester then
  // starts after the chain's current block).
  if (!deps.config.indexer || !token) return true;
  const head = Number(await deps.chain.getBlockNumber({ cacheTime: 0 }));
  const deadline = Date.now() + (options.timeoutMs ?? EXPLORER_WAIT_MS);
  for (;;) {
    const checkpoint = await readCheckpoint(deps.database.db);
    if (!checkpoint || checkpoint.token.toLowerCase() !== token || checkpoint.block >= head) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 500));
  }
}
