/**
 * The whitelist (spec §3 "Settings", §4): the class roster and whitelist mode. While the mode is on, only a
 * listed wallet may create a profile (`mayCreateProfile`, the one rule profile creation asks). The mode lives
 * in the `settings` table under "whitelistMode" (a JSON boolean; absent = off).
 */
import type { Settings, WhitelistEntry } from "@classcoin/shared/entities";
import type { AdminWhitelistEntry } from "@classcoin/shared/treasury";
import { desc, eq, sql } from "drizzle-orm";
import type { AdminGrant } from "../../auth/admin";
import type { Db, Tx } from "../../db/client";
import { settings, whitelist } from "../../db/schema";
import { conflict, notFound } from "../../http-errors";
import { readWelcomeGrants } from "./welcome-grant";

const WHITELIST_MODE_KEY = "whitelistMode";

const whitelistErrors = {
  duplicate: "This wallet is already on the whitelist",
  notListed: "This wallet is not on the whitelist",
} as const;

type WhitelistRow = typeof whitelist.$inferSelect;

/** Absent (never set by the admin): `fallback`, the configured default (on for Sepolia, off locally). */
export async function isWhitelistMode(db: Db, fallback = false): Promise<boolean> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, WHITELIST_MODE_KEY));
  return row ? row.value === true : fallback;
}

export async function isWhitelisted(db: Db, wallet: string): Promise<boolean> {
  const [row] = await db
    .select({ id: whitelist.id })
    .from(whitelist)
    .where(sql`lower(${whitelist.wallet}) = ${wallet.toLowerCase()}`)
    .limit(1);
  return row !== undefined;
}

/** Whether this wallet may create a profile: always while whitelist mode is off, else only when listed. */
export async function mayCreateProfile(db: Db, wallet: string, defaultMode = false): Promise<boolean> {
  return !(await isWhitelistMode(db, defaultMode)) || (await isWhitelisted(db, wallet));
}

export async function readSettings(db: Db, defaultMode = false): Promise<Settings> {
  return { whitelistMode: await isWhitelistMode(db, defaultMode) };
}

export async function setWhitelistMode(db: Db, grant: AdminGrant, enabled: boolean): Promise<Settings> {
  await db.transaction(async (tx) => {
    await grant.consume(tx);
    await tx
      .insert(settings)
      .values({ key: WHITELIST_MODE_KEY, value: enabled })
      .onConflictDoUpdate({ target: settings.key, set: { value: enabled } });
  });
  return { whitelistMode: enabled };
}

export function toEntry(row: WhitelistRow): WhitelistEntry {
  return { _id: String(row.id), wallet: row.wallet, notes: row.notes, addedAt: row.addedAt.toISOString() };
}

/**
 * The admin's whitelist, newest first, each entry with its welcome grant as it stands (null: none): two
 * queries whatever the roster's size, the list and its grants (welcome-grant.ts, as the add answers read them).
 */
export async function listWhitelist(db: Db): Promise<AdminWhitelistEntry[]> {
  const rows = await db.select().from(whitelist).orderBy(desc(whitelist.addedAt), desc(whitelist.id));
  const wallets = rows.map((row) => row.wallet);
  const grants = await readWelcomeGrants(db, wallets);
  const grantOf = new Map(grants.map((grant) => [grant.wallet, grant]));
  return rows.map((row) => ({ ...toEntry(row), grant: grantOf.get(row.wallet) ?? null }));
}

/** `onAdded` runs in the same transaction (the welcome grant's claim: added and claimed, or neither). */
export async function addToWhitelist(
  db: Db,
  grant: AdminGrant,
  input: { wallet: string; notes: string },
  onAdded?: (tx: Tx, wallet: string) => Promise<void>,
): Promise<WhitelistEntry> {
  return db.transaction(async (tx) => {
    await grant.consume(tx);
    const [row] = await tx
      .insert(whitelist)
      .values({ wallet: input.wallet, notes: input.notes })
      .onConflictDoNothing()
      .returning();
    if (!row) throw conflict(whitelistErrors.duplicate);
    await onAdded?.(tx, row.wallet);
    return toEntry(row);
  });
}

export async function removeFromWhitelist(db: Db, grant: AdminGrant, input: { wallet: string }): Promise<void> {
  await db.transaction(async (tx) => {
    await grant.consume(tx);
    const deleted = await tx
      .delete(whitelist)
      .where(eq(whitelist.wallet, input.wallet))
      .returning({ id: whitelist.id });
    if (deleted.length === 0) throw notFound(whitelistErrors.notListed);
  });
}
