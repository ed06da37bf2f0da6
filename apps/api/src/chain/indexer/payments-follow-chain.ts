/**
 * The treasury's payments follow the chain too (like tips, tips-follow-chain.ts). A payment is recorded
 * `mined` from its receipt, with the receipt's block; when the indexer rolls back blocks after
 * a reorg, or after the node was restarted from older state, a payment of those blocks is no longer on the
 * chain. It goes back to `signed`, so the payment settler (chain/treasury-payments.ts) sends its recorded bytes
 * again and follows it to a new receipt. Before, a bounty reward and a welcome grant stayed "paid" with
 * nothing on chain, and could never be paid again (the audit: the student's balance 1,005 CC, not 1,014).
 */
import { and, eq, gt } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { treasuryPayments } from "../../db/schema";

export async function reopenPaymentsAbove(tx: Tx, ancestor: number): Promise<void> {
  await tx
    .update(treasuryPayments)
    .set({ status: "signed", blockNumber: null, feeWei: null, gasUsed: null, settledAt: null })
    // Not `reverted` ones: their purpose may have a live payment since, which a second live one would break
    // (the unique index), and the whole rollback with it.
    .where(and(eq(treasuryPayments.status, "mined"), gt(treasuryPayments.blockNumber, ancestor)));
}
