/**
 * The relay's daily counts, kept in the database (treasury_payments, kind "relay") so that every instance on
 * one database counts the same transfers: one sender's (RELAY_DAILY_LIMIT) and the whole class's
 * (RELAY_CLASS_DAILY_LIMIT, which bounds the gas the treasury spends on relays in a day). Each is read under
 * its advisory lock, held until the transaction that records the transfer ends, so two requests at once
 * cannot both take the last one.
 */
import { and, eq, gt, like, min, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { treasuryPayments } from "../../db/schema";

/** How long an authorization may be valid at most, and so the window of the daily counts. */
export const MAX_VALIDITY_SECONDS = 24 * 60 * 60;

/** First key of the relay's per-sender lock ("ccrx"). */
const RELAY_LOCK = 0x6363_7278;
/** First key of the relay's class-wide lock ("ccrc"); its second key is always 0. */
const RELAY_CLASS_LOCK = 0x6363_7263;

/**
 * Waits for and takes the relay's lock on `from`'s daily count, held until `tx` ends. Every instance on one
 * database takes it before counting and recording a relayed transfer of `from`.
 */
export async function lockRelaySender(tx: Tx, from: string): Promise<void> {
  // The two-key form: a keyspace apart from the single-key locks of the indexer, deploys and semesters.
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${RELAY_LOCK}, hashtext(${from.toLowerCase()}))`);
}

/**
 * Waits for and takes the lock on the class's daily count, held until `tx` ends. Taken after the sender's
 * lock (always in that order, so two requests cannot wait on each other).
 */
export async function lockRelayClass(tx: Tx): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${RELAY_CLASS_LOCK}, 0)`);
}

/** Transfers relayed in the last 24 hours: `from`'s, or the whole class's without it. */
export async function relayedToday(tx: Tx, from?: string): Promise<number> {
  return (await relayWindow(tx, from)).count;
}

/**
 * Transfers relayed in the last 24 hours (`from`'s, or the class's), and when the oldest of them leaves the
 * window (null without any): the moment one more transfer is allowed again once the limit is reached.
 */
export async function relayWindow(tx: Tx, from?: string): Promise<{ count: number; oldestLeavesAt: Date | null }> {
  // One transfer per authorization (purpose), however often the treasury re-signed it with a higher fee
  // (each copy is a row), counted from when it was first signed.
  const relayed = tx
    .select({ purpose: treasuryPayments.purpose, firstAt: min(treasuryPayments.createdAt).as("first_at") })
    .from(treasuryPayments)
    .where(
      and(
        eq(treasuryPayments.kind, "relay"),
        from === undefined ? undefined : like(treasuryPayments.purpose, `relay:${from}:%`),
        // Not the whole history: an authorization is valid one window at most, so a transfer first signed
        // two windows ago can move nothing any more, however often it is re-signed.
        gt(treasuryPayments.createdAt, sql`now() - ${2 * MAX_VALIDITY_SECONDS}::int * interval '1 second'`),
      ),
    )
    .groupBy(treasuryPayments.purpose)
    // The database's clock, which wrote createdAt: instances' clocks may differ.
    .having(gt(min(treasuryPayments.createdAt), sql`now() - ${MAX_VALIDITY_SECONDS}::int * interval '1 second'`))
    .as("relayed");
  const [today] = await tx
    .select({
      n: sql<number>`count(*)::int`,
      // Seconds since the epoch: one number on every driver, not a timestamp's text to parse.
      firstAt: sql<number | null>`extract(epoch from min(${relayed.firstAt}))::float8`,
    })
    .from(relayed);
  const firstAt = today?.firstAt ?? null;
  return {
    count: today?.n ?? 0,
    oldestLeavesAt: firstAt === null ? null : new Date((Number(firstAt) + MAX_VALIDITY_SECONDS) * 1000),
  };
}
