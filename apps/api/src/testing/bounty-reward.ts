/**
 * What `completeBounty` (features/bounties/lifecycle.ts) leaves when its request stops waiting: a new bounty
 * of 5 CC, still active, whose reward to `student` is signed and recorded as its `reward_tx_hash`.
 */
import { eq } from "drizzle-orm";
import { parseEther } from "viem";
import type { TreasuryPayments } from "../chain/treasury-payments";
import type { Db } from "../db/client";
import { bounties } from "../db/schema";
import { bountyDescription } from "../features/bounties/lifecycle";

export async function signedBountyReward(
  db: Db,
  payments: TreasuryPayments,
  title: string,
  student: `0x${string}`,
): Promise<{ id: number; hash: `0x${string}` }> {
  const [bounty] = await db.insert(bounties).values({ title, description: "d", reward: 5 }).returning();
  if (!bounty) throw new Error("no bounty inserted");
  const hash = await payments.send(async (tx, sign) => {
    const signed = await sign({
      purpose: `bounty:${bounty.id}`,
      kind: "bounty",
      description: bountyDescription(title),
      call: { kind: "mint", to: [student], amountWei: parseEther("5") },
    });
    await tx
      .update(bounties)
      .set({ rewardTxHash: signed, completedByWallet: student })
      .where(eq(bounties.id, bounty.id));
    return signed;
  });
  return { id: bounty.id, hash };
}
