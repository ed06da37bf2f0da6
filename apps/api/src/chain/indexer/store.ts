/**
 * The indexer's database side. Each write is ONE transaction holding the indexer's advisory lock and
 * re-checking the checkpoint it started from, so two instances never both write, and a restart at any
 * moment finds rows, block hashes and checkpoint that agree (no row lost, none doubled).
 */
import { TOKEN_DECIMALS } from "@classcoin/shared/constants";
import { and, desc, eq, gt, lt, sql } from "drizzle-orm";
import { formatUnits } from "viem";
import type { Db, Tx } from "../../db/client";
import { queryRows } from "../../db/raw-rows";
import { holders, indexedBlocks, indexerState, semesters, transactions } from "../../db/schema";
import { classifyTransfer, TIP_DESCRIPTION_PREFIX } from "./classify";
import { reopenPaymentsAbove } from "./payments-follow-chain";
import { numberBatch, renumberFrom, type StreamPositions } from "./positions";
import type { BlockHeader, TransferLog } from "./read-logs";
import { undoTipsAbove, undoTipsMissingFrom } from "./tips-follow-chain";

const CHECKPOINT_KEY = "transfers";
/** pg_try_advisory_xact_lock key: one indexer writes at a time ("ccix"). */
const INDEXER_LOCK = 0x6363_6978;
/** Block hashes kept for blocks without logs below the checkpoint (the window a reorg can reach). */
export const RECENT_BLOCKS_KEPT = 128;

export interface Checkpoint {
  token: `0x${string}`;
  /** The last block whose logs are all in `transactions`. */
  block: number;
}

/** `busy`: another instance holds the lock; `moved`: the checkpoint changed since it was read. */
export type WriteOutcome = "written" | "busy" | "moved";

export async function readCheckpoint(db: Db | Tx): Promise<Checkpoint | undefined> {
  const [row] = await db.select().from(indexerState).where(eq(indexerState.key, CHECKPOINT_KEY));
  return row ? (row.value as Checkpoint) : undefined;
}

export async function storedHash(db: Db, block: number): Promise<string | undefined> {
  const [row] = await db
    .select({ hash: indexedBlocks.hash })
    .from(indexedBlocks)
    .where(eq(indexedBlocks.number, block));
  return row?.hash;
}

export async function countStoredBlocks(db: Db, atOrBelow: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(indexedBlocks)
    .where(sql`${indexedBlocks.number} <= ${atOrBelow}`);
  return row?.n ?? 0;
}

/** The `offset`-th highest stored block at or below `atOrBelow` (0 = the highest). */
export async function storedBlockAt(
  db: Db,
  atOrBelow: number,
  offset: number,
): Promise<{ number: number; hash: string } | undefined> {
  const [row] = await db
    .select({ number: indexedBlocks.number, hash: indexedBlocks.hash })
    .from(indexedBlocks)
    .where(sql`${indexedBlocks.number} <= ${atOrBelow}`)
    .orderBy(desc(indexedBlocks.number))
    .limit(1)
    .offset(offset);
  return row;
}

/**
 * Waits for the indexer's lock and holds it to the end of `tx`: the semester archive and reset
 * (features/semesters) read and move the indexed rows with no batch written meanwhile (the indexer answers
 * "busy" and retries).
 */
export async function holdIndexerLock(tx: Tx): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${INDEXER_LOCK})`);
}

/**
 * The first block of the current semester when it was started on `token` (features/semesters), else 0: the
 * live index never goes below it, so a re-index from the deployment block starts there instead.
 */
export async function semesterStartBlock(db: Db | Tx, token: string): Promise<number> {
  const [row] = await db
    .select({ startBlock: semesters.startBlock, token: semesters.token })
    .from(semesters)
    .orderBy(desc(semesters.id))
    .limit(1);
  return row?.token && row.token.toLowerCase() === token.toLowerCase() ? row.startBlock : 0;
}

async function lockedAt(tx: Tx, expected: Checkpoint | undefined): Promise<WriteOutcome | undefined> {
  // synchronous_commit off for this transaction only: its commit returns without waiting for the WAL flush
  // (~4 µs a row of a 5,000-row batch on the benchmark machine). A crash can then lose the last indexer
  // transactions, never part of one: rows, aggregates, block hashes and checkpoint go together, and the
  // indexer reads those blocks again. No statement time limit either (db/statement-timeout.ts): no request
  // waits on this background write, and a batch cancelled for taking long would only be read again.
  const [lock] = await queryRows<{ locked: boolean }>(
    tx,
    sql`SELECT set_config('synchronous_commit', 'off', true) IS NOT NULL
               AND set_config('statement_timeout', '0', true) IS NOT NULL
               AND pg_try_advisory_xact_lock(${INDEXER_LOCK}) AS locked`,
  );
  if (!lock?.locked) return "busy";
  const current = await readCheckpoint(tx);
  if (current?.block !== expected?.block || current?.token !== expected?.token) return "moved";
  return undefined;
}

async function saveCheckpoint(tx: Tx, checkpoint: Checkpoint): Promise<void> {
  await tx
    .insert(indexerState)
    .values({ key: CHECKPOINT_KEY, value: checkpoint })
    .onConflictDoUpdate({ target: indexerState.key, set: { value: checkpoint } });
}

/** Starts (or restarts, for another token) the index just below the token's deployment block. */
export function resetIndex(db: Db, expected: Checkpoint | undefined, next: Checkpoint): Promise<WriteOutcome> {
  return db.transaction(async (tx) => {
    const refused = await lockedAt(tx, expected);
    if (refused) return refused;
    await tx.delete(transactions);
    // After a semester reset the holders keep the balances from before its start block (their rows are in
    // the archive), so the re-index from that block adds up to the chain's balances again; with no semester
    // on this token, every balance came from the rows just deleted.
    if ((await semesterStartBlock(tx, next.token)) === 0) await tx.delete(holders);
    await tx.delete(indexedBlocks);
    await saveCheckpoint(tx, next);
    return "written";
  });
}

/** Undoes everything above `ancestor` (a block the chain still has) after a reorg. */
export function rollBackTo(db: Db, expected: Checkpoint, ancestor: number): Promise<WriteOutcome> {
  return db.transaction(async (tx) => {
    const refused = await lockedAt(tx, expected);
    if (refused) return refused;
    await tx.delete(transactions).where(gt(transactions.blockNumber, ancestor));
    await tx.delete(indexedBlocks).where(gt(indexedBlocks.number, ancestor));
    await undoTipsAbove(tx, ancestor);
    await reopenPaymentsAbove(tx, ancestor);
    await saveCheckpoint(tx, { ...expected, block: ancestor });
    return "written";
  });
}

export interface Batch {
  expected: Checkpoint;
  /** Last block covered; its hash is stored so the next batch can check the chain still has it. */
  end: BlockHeader;
  logs: TransferLog[];
  /** Headers of the log blocks whose logs came without `blockTimestamp` (others may be there too). */
  headers: Map<number, BlockHeader>;
}

export function writeBatch(db: Db, batch: Batch): Promise<WriteOutcome> {
  return db.transaction(async (tx) => {
    const refused = await lockedAt(tx, batch.expected);
    if (refused) return refused;
    const rows = await toRows(tx, batch);
    await insertRows(tx, rows, await numberBatch(tx, rows));
    await undoTipsMissingFrom(tx, batch.expected.block, batch.end.number);
    const blocks = new Map<number, { number: number; hash: string; hasLogs: boolean }>();
    for (const log of batch.logs)
      blocks.set(log.blockNumber, { number: log.blockNumber, hash: log.blockHash, hasLogs: true });
    if (!blocks.has(batch.end.number)) {
      blocks.set(batch.end.number, { number: batch.end.number, hash: batch.end.hash, hasLogs: false });
    }
    // One array parameter per column (a sparse chain's batch has a block per log: thousands of rows).
    const blockRows = [...blocks.values()];
    await tx.execute(sql`
      INSERT INTO indexed_blocks (number, hash, has_logs)
      SELECT number, hash, has_logs
        FROM unnest(${numberArray(blockRows.map((b) => b.number))}::bigint[],
                    ${textArray(blockRows.map((b) => b.hash))}::text[],
                    ${textArray(blockRows.map((b) => String(b.hasLogs)))}::boolean[]) AS r(number, hash, has_logs)
      ON CONFLICT (number) DO UPDATE SET hash = excluded.hash, has_logs = indexed_blocks.has_logs OR excluded.has_logs`);
    await tx
      .delete(indexedBlocks)
      .where(and(sql`NOT ${indexedBlocks.hasLogs}`, lt(indexedBlocks.number, batch.end.number - RECENT_BLOCKS_KEPT)));
    await saveCheckpoint(tx, { ...batch.expected, block: batch.end.number });
    return "written";
  });
}

type Row = Omit<typeof transactions.$inferInsert, "timestamp"> & { timestamp: string };

/**
 * The batch's rows in ONE statement (the explorer's statement triggers then run once per batch), each column
 * ONE array parameter, written here as PostgreSQL array text and expanded by unnest: no per-value parameter
 * binding (a multi-row VALUES of 1,000 rows × 15 columns spent most of its time building 15,000
 * parameters), and a third of the parsing a JSON array of row objects (jsonb_to_recordset) cost PostgreSQL
 * and PGlite: ~3 against ~10 µs a row (bench/findings.md).
 */
async function insertRows(tx: Tx, rows: Row[], positions: StreamPositions[]): Promise<void> {
  const first = positions[0];
  if (!first) return;
  const text = (pick: (row: Row) => string | null | undefined) => textArray(rows.map(pick));
  const num = (pick: (p: StreamPositions) => number | null) => numberArray(positions.map(pick));
  const [inserted] = await queryRows<{ n: string | number }>(
    tx,
    sql`
    WITH ins AS (
      INSERT INTO transactions (type, description, from_wallet, to_wallet, from_name, to_name, from_photo, to_photo,
                                amount, amount_wei, "timestamp", status, tx_hash, log_index, block_number,
                                seq, type_seq, from_seq, to_seq, from_type_seq, to_type_seq)
      SELECT * FROM unnest(
        ${text((r) => r.type)}::text[], ${text((r) => r.description)}::text[],
        ${text((r) => r.fromWallet)}::text[], ${text((r) => r.toWallet)}::text[],
        ${text((r) => r.fromName)}::text[], ${text((r) => r.toName)}::text[],
        ${text((r) => r.fromPhoto)}::text[], ${text((r) => r.toPhoto)}::text[],
        ${numberArray(rows.map((r) => r.amount))}::double precision[], ${text((r) => r.amountWei)}::numeric[],
        ${text((r) => r.timestamp)}::timestamptz[], ${text((r) => r.status)}::text[],
        ${text((r) => r.txHash)}::text[], ${numberArray(rows.map((r) => r.logIndex))}::integer[],
        ${numberArray(rows.map((r) => r.blockNumber))}::bigint[],
        ${num((p) => p.seq)}::bigint[], ${num((p) => p.typeSeq)}::bigint[], ${num((p) => p.fromSeq)}::bigint[],
        ${num((p) => p.toSeq)}::bigint[], ${num((p) => p.fromTypeSeq)}::bigint[], ${num((p) => p.toTypeSeq)}::bigint[])
      ON CONFLICT (tx_hash, log_index) DO NOTHING
      RETURNING 1)
    SELECT count(*) AS n FROM ins`,
  );
  // A row already there was skipped and left a hole in the numbering: close it (never seen in practice).
  if (Number(inserted?.n) < rows.length) await renumberFrom(tx, first.seq);
}

/** A PostgreSQL array literal of text values (each quoted, `"` and `\` escaped; null → NULL). */
export function textArray(values: readonly (string | null | undefined)[]): string {
  let out = "{";
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (i > 0) out += ",";
    out += v === null || v === undefined ? "NULL" : `"${v.replace(/["\\]/g, "\\$&")}"`;
  }
  return `${out}}`;
}

/** A PostgreSQL array literal of numbers (null → NULL); finite numbers print in a form PostgreSQL reads back exactly. */
export function numberArray(values: readonly (number | null | undefined)[]): string {
  let out = "{";
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (i > 0) out += ",";
    if (v === null || v === undefined) out += "NULL";
    else if (Number.isFinite(v)) out += String(v);
    else throw new Error(`not a finite number: ${v}`);
  }
  return `${out}}`;
}

async function toRows(tx: Tx, batch: Batch): Promise<Row[]> {
  if (batch.logs.length === 0) return [];
  const wallets = [...new Set(batch.logs.flatMap((l) => [l.from, l.to]))];
  // One JSON parameter, not one per wallet: a batch of mints can name tens of thousands of wallets.
  const people = await queryRows<{ wallet: string; name: string; photo: string | null }>(
    tx,
    sql`SELECT wallet, name, photo FROM profiles
         WHERE wallet IN (SELECT jsonb_array_elements_text(${JSON.stringify(wallets)}::jsonb))`,
  );
  const byWallet = new Map(people.map((p) => [p.wallet, p]));
  const tipped = await tipsOf(
    tx,
    batch.logs.map((l) => l.txHash),
  );
  const treasury = await treasuryDescriptionsOf(
    tx,
    batch.logs.map((l) => l.txHash),
  );
  // Mints and rewards repeat a handful of amounts: formatted once each.
  const amounts = new Map<bigint, number>();
  const amountOf = (value: bigint) => {
    let amount = amounts.get(value);
    if (amount === undefined) {
      amount = Number(formatUnits(value, TOKEN_DECIMALS));
      amounts.set(value, amount);
    }
    return amount;
  };
  return batch.logs.map((log) => {
    const header = batch.headers.get(log.blockNumber);
    const timestamp =
      log.blockTimestamp !== undefined
        ? new Date(log.blockTimestamp * 1000).toISOString()
        : header?.timestamp.toISOString();
    if (!timestamp) throw new Error(`missing header of block ${log.blockNumber}`);
    const { type, description } = classifyTransfer(
      log.from,
      log.to,
      tipped.get(`${log.txHash}:${log.logIndex}`),
      treasury.get(log.txHash.toLowerCase()),
    );
    return {
      type,
      description,
      fromWallet: log.from,
      toWallet: log.to,
      fromName: byWallet.get(log.from)?.name ?? null,
      toName: byWallet.get(log.to)?.name ?? null,
      fromPhoto: byWallet.get(log.from)?.photo ?? null,
      toPhoto: byWallet.get(log.to)?.photo ?? null,
      amount: amountOf(log.value),
      amountWei: log.value.toString(),
      timestamp,
      status: "completed",
      txHash: log.txHash,
      logIndex: log.logIndex,
      blockNumber: log.blockNumber,
    };
  });
}

/** Project numbers of the tips recorded for these transactions, keyed `txHash:logIndex`. */
async function tipsOf(tx: Tx, txHashes: string[]): Promise<Map<string, number>> {
  const unique = [...new Set(txHashes)];
  // One JSON parameter, not one per hash: a sparse chain's batch has a transaction per log.
  const rows = await queryRows<{ tx_hash: string; log_index: number; project_number: number }>(
    tx,
    sql`SELECT tp.tx_hash, tp.log_index, p.project_number
          FROM tips tp JOIN projects p ON p.id = tp.project_id
         WHERE tp.tx_hash IN (SELECT jsonb_array_elements_text(${JSON.stringify(unique)}::jsonb))`,
  );
  const found = new Map<string, number>();
  for (const r of rows) found.set(`${r.tx_hash.toLowerCase()}:${Number(r.log_index)}`, Number(r.project_number));
  return found;
}

/** Descriptions of the treasury payments among these transactions (recorded before they were sent), by hash. */
async function treasuryDescriptionsOf(tx: Tx, txHashes: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(txHashes.map((h) => h.toLowerCase()))];
  const rows = await queryRows<{ tx_hash: string; description: string }>(
    tx,
    sql`SELECT tx_hash, description FROM treasury_payments
         WHERE description IS NOT NULL
           AND tx_hash IN (SELECT jsonb_array_elements_text(${JSON.stringify(unique)}::jsonb))`,
  );
  return new Map(rows.map((r) => [r.tx_hash, r.description]));
}

/**
 * Send-coin records a tip and reclassifies the indexed row in one transaction; when that transaction and
 * a batch run at the same moment, neither sees the other's uncommitted row. Re-running the match over
 * the recent blocks after each batch (and now and then) closes that window.
 */
export async function reconcileRecentTips(db: Db, sinceBlock: number): Promise<void> {
  await db.execute(sql`
    UPDATE transactions t
       SET type = 'project_tip', description = ${TIP_DESCRIPTION_PREFIX} || p.project_number
      FROM tips tp JOIN projects p ON p.id = tp.project_id
     WHERE t.block_number > ${sinceBlock}
       AND t.type = 'transfer'
       AND tp.tx_hash = t.tx_hash AND tp.log_index = t.log_index`);
}
