/**
 * A double submit is one submission: the same author sending the same thing to the same place again within
 * `DOUBLE_SUBMIT_WINDOW_MS` (a second click, a browser or proxy retrying after the answer was lost) gets the row
 * already stored, not a second one. Forum posts, comments and Feed posts use it.
 *
 * Each create takes the author's lock, looks for that row, and inserts only if there is none, in one
 * transaction: two copies sent at the same moment queue on the lock, and the second, reading after the first
 * committed, finds its row. A lock rather than a unique index: "within the last minute" is no indexable
 * expression, and a lock needs no migration. It is keyed by the author alone, so only one student's own
 * writes ever wait on each other.
 */
import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "./client";

/**
 * Long enough for a retry after a dropped answer (a browser's or proxy's timeout and a second try) and for an
 * impatient second click; short enough that a student who means to say the same thing again later can.
 */
export const DOUBLE_SUBMIT_WINDOW_MS = 60_000;

/** First key of the per-author lock ("ccds"); the second is the hash of the wallet. */
const DOUBLE_SUBMIT_LOCK = 0x6363_6473;

/**
 * The one create of a submission: under `authorWallet`'s lock, `findSame` (the same thing sent to the same place
 * within the window) and, if it finds nothing, `insert`, in one transaction. `created` is false for a double
 * submit: nothing new is stored, so nothing is to be announced.
 */
export function createOnce<T>(
  db: Db,
  authorWallet: string,
  findSame: (tx: Tx) => Promise<T | undefined>,
  insert: (tx: Tx) => Promise<T>,
): Promise<{ row: T; created: boolean }> {
  return db.transaction(async (tx) => {
    await lockAuthorSubmissions(tx, authorWallet);
    const same = await findSame(tx);
    if (same !== undefined) return { row: same, created: false };
    return { row: await insert(tx), created: true };
  });
}

/** Waits for and takes `authorWallet`'s submission lock, held until `tx` ends. */
export async function lockAuthorSubmissions(tx: Tx, authorWallet: string): Promise<void> {
  // The two-key form: a keyspace apart from the single-key locks of the indexer, deploys and semesters.
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${DOUBLE_SUBMIT_LOCK}, hashtext(${authorWallet.toLowerCase()}))`);
}

/** `createdAt` (written by the database's `now()`) falls within the window. */
export function submittedJustNow(createdAt: AnyColumn): SQL {
  return sql`${createdAt} > now() - make_interval(secs => ${DOUBLE_SUBMIT_WINDOW_MS / 1000})`;
}
