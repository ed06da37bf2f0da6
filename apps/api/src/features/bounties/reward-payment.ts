/**
 * A bounty's reward payment, as every admin write on the bounty must see it: one under way (signed) or paid
 * (mined) fixes the bounty's reward, status and student, and keeps the bounty from being deleted.
 */
import { and, eq, inArray } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { treasuryPayments } from "../../db/schema";

/** The treasury payment purpose of bounty `id`'s reward: one payment per bounty, ever. */
export const rewardPurpose = (id: number) => `bounty:${id}`;

/** The bounty's reward payment that is under way or paid, if any (read under the bounty's row lock). */
export async function liveRewardPayment(tx: Tx, id: number) {
  const [row] = await tx
    .select()
    .from(treasuryPayments)
    .where(and(eq(treasuryPayments.purpose, rewardPurpose(id)), inArray(treasuryPayments.status, ["signed", "mined"])));
  return row;
}
