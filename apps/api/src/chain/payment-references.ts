/**
 * The rows that name a treasury payment by its transaction hash: a bounty's reward and a wallet's welcome
 * grant. A payment re-signed with a higher fee (chain/treasury-payments.ts) is another transaction, with
 * another hash, at the same nonce; these rows follow it, so every hash a page shows is one the chain can
 * mine, and the one it did mine once it has.
 */
import { inArray } from "drizzle-orm";
import type { Tx } from "../db/client";
import { bounties, welcomeGrants } from "../db/schema";

export async function movePaymentReferences(tx: Tx, from: string[], to: string): Promise<void> {
  const others = from.filter((hash) => hash !== to);
  if (others.length === 0) return;
  await tx.update(bounties).set({ rewardTxHash: to }).where(inArray(bounties.rewardTxHash, others));
  await tx.update(welcomeGrants).set({ ccTxHash: to }).where(inArray(welcomeGrants.ccTxHash, others));
  await tx.update(welcomeGrants).set({ ethTxHash: to }).where(inArray(welcomeGrants.ethTxHash, others));
}
