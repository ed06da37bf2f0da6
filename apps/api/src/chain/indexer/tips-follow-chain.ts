/**
 * Tips follow the chain. Send-coin records a tip from its receipt (keeping the receipt's block number and
 * hash); the indexer, which knows the canonical chain, undoes it inside its own write transaction:
 *
 * - when it rolls back blocks after a reorg, every tip recorded from a block above the common ancestor;
 * - when it indexes a block range, every tip recorded from a block in that range whose Transfer log is not
 *   in the index (its receipt came from a block that lost the race before the indexer got there, e.g.
 *   while waiting for CONFIRMATIONS).
 *
 * Undoing deletes the tip row and its transfer's claim (`tipped_transfers`, which "Start new semester" keeps so a
 * transfer counts as a tip once for good) and lowers its project's `total_received_wei` by its amount, in one
 * statement (`total_received` is computed from it by the database).
 * If the same transaction is mined again in the new chain, the tipper reports it again (send-coin checks
 * the new receipt). Tips recorded before block numbers were kept (null) are left alone.
 */
import { type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";

async function undoTips(tx: Tx, where: SQL): Promise<void> {
  await tx.execute(sql`
    WITH undone AS (
      DELETE FROM tips tp WHERE ${where} RETURNING tp.project_id, tp.amount_wei, tp.tx_hash, tp.log_index
    ), unclaimed AS (
      DELETE FROM tipped_transfers tt USING undone u WHERE tt.tx_hash = u.tx_hash AND tt.log_index = u.log_index
    ), per_project AS (
      SELECT project_id, sum(amount_wei) AS wei FROM undone GROUP BY project_id
    )
    UPDATE projects p SET total_received_wei = p.total_received_wei - per_project.wei
      FROM per_project WHERE p.id = per_project.project_id`);
}

/** After a reorg: the tips of every block above `ancestor` (a block the chain still has). */
export function undoTipsAbove(tx: Tx, ancestor: number): Promise<void> {
  return undoTips(tx, sql`tp.block_number > ${ancestor}`);
}

/** After indexing blocks (after, upTo]: the tips of those blocks whose Transfer log the chain does not have. */
export function undoTipsMissingFrom(tx: Tx, after: number, upTo: number): Promise<void> {
  return undoTips(
    tx,
    sql`tp.block_number > ${after} AND tp.block_number <= ${upTo}
        AND NOT EXISTS (SELECT 1 FROM transactions t WHERE t.tx_hash = tp.tx_hash AND t.log_index = tp.log_index)`,
  );
}
