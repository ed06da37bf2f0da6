/**
 * Finding where the stored index and the chain part ways. A block hash commits to all its ancestors, so
 * "the chain still has stored block k" is true up to some height and false above it: probe the stored
 * hashes downwards with growing steps, then bisect. A shallow reorg costs two or three header reads; a
 * local chain restarted from much older state, a few dozen.
 */
import type { PublicClient } from "viem";
import type { Db } from "../../db/client";
import { getHeader } from "./read-logs";
import { countStoredBlocks, storedBlockAt } from "./store";

/** The highest stored block at or below `atOrBelow` that the chain still has, or undefined if none. */
export async function findCommonAncestor(db: Db, chain: PublicClient, atOrBelow: number): Promise<number | undefined> {
  const total = await countStoredBlocks(db, atOrBelow);
  const probe = async (offset: number): Promise<number | undefined> => {
    const stored = await storedBlockAt(db, atOrBelow, offset);
    if (!stored) return undefined;
    const header = await getHeader(chain, stored.number);
    return header?.hash === stored.hash ? stored.number : undefined;
  };

  // Offsets count down from the highest stored block: 0, 1, 3, 7, 15, … then the oldest.
  let lastMiss = -1;
  let hit: { offset: number; block: number } | undefined;
  for (let step = 1, offset = 0; lastMiss < total - 1; offset += step, step *= 2) {
    const at = Math.min(offset, total - 1);
    const block = await probe(at);
    if (block !== undefined) {
      hit = { offset: at, block };
      break;
    }
    lastMiss = at;
  }
  if (!hit) return undefined;

  let lo = lastMiss + 1;
  let hi = hit.offset;
  let best = hit.block;
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    const block = await probe(mid);
    if (block !== undefined) {
      hi = mid;
      best = block;
    } else {
      lo = mid + 1;
    }
  }
  return best;
}
