/**
 * A time limit on every statement of the server's PostgreSQL pool (`DB_STATEMENT_TIMEOUT_SECONDS`, 30 s by
 * default). Without it a request whose statement waits on a stalled database (a row or table lock another
 * session holds and does not release, a backend stuck on I/O) keeps its pooled connection and its client
 * waiting with no end; ten of them take the whole pool. With it PostgreSQL cancels the statement (SQLSTATE
 * 57014), its transaction rolls back, and the caller gets a 503 that says to try again.
 *
 * Work that may rightly run or wait longer opts out for its own transaction with `allowLongStatements`:
 * migrations, the semester archive and reset (one statement copies or deletes a whole semester's rows), and
 * waits on the treasury's locks (held by another instance while it signs and broadcasts, i.e. while it waits
 * on the chain). Embedded PGlite has one connection in this process: nothing else can hold a lock on it.
 */
import { sql } from "drizzle-orm";
import type { Tx } from "./client";

export const DEFAULT_STATEMENT_TIMEOUT_MS = 30_000;

/** SQLSTATE of a statement cancelled by `statement_timeout` (or by an operator's `pg_cancel_backend`). */
export const QUERY_CANCELED = "57014";

/** Lifts the time limit for the rest of `tx` (`SET LOCAL`: the pooled connection gets its limit back after). */
export async function allowLongStatements(tx: Tx): Promise<void> {
  await tx.execute(sql`SET LOCAL statement_timeout = 0`);
}
