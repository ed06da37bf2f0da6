/**
 * Bounties whose reward payment was settled after the completing request gave up (chain/payment-settler.ts):
 * a mined reward completes the bounty for its student, a dropped or reverted one frees it for another try,
 * as `completeBounty` does when it sees the outcome itself. Returns the bounties completed here, for the
 * student's notification.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { queryRows } from "../../db/raw-rows";

export interface SettledReward {
  id: number;
  title: string;
  reward: number;
  wallet: string;
  txHash: string;
}

export async function settleBountyRewards(db: Db): Promise<SettledReward[]> {
  const completed = await queryRows<SettledReward>(
    db,
    sql`
    UPDATE bounties b
    SET status = 'completed',
        completed_by = coalesce((SELECT name FROM profiles WHERE wallet = b.completed_by_wallet), b.completed_by_wallet),
        completed_at = coalesce(tp.settled_at, now())
    FROM treasury_payments tp
    WHERE tp.tx_hash = b.reward_tx_hash
      AND tp.status = 'mined'
      AND b.status = 'active'
    RETURNING b.id, b.title, b.reward, b.completed_by_wallet AS wallet, b.reward_tx_hash AS "txHash"`,
  );
  await db.execute(sql`
    UPDATE bounties b
    SET reward_tx_hash = NULL, completed_by_wallet = NULL
    FROM treasury_payments tp
    WHERE tp.tx_hash = b.reward_tx_hash
      AND tp.status IN ('dropped', 'reverted')
      AND b.status = 'active'`);
  return completed.map((row) => ({ ...row, id: Number(row.id), reward: Number(row.reward) }));
}
