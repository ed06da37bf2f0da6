/**
 * The whitelist (spec §4): while whitelist mode is on, only listed wallets may create a profile (checked by
 * profile creation, profiles/service.ts `isWhitelisted`).
 */
import type { WhitelistEntry } from "@classcoin/shared/entities";
import { desc, eq } from "drizzle-orm";
import type { AdminGrant } from "../../../auth/admin";
import type { Db } from "../../../db/client";
import { whitelist } from "../../../db/schema";
import { conflict, notFound } from "../../../http-errors";

export const whitelistErrors = {
  duplicate: "This wallet is already on the whitelist",
  notListed: "This wallet is not on the whitelist",
} as const;

type WhitelistRow = typeof whitelist.$inferSelect;

function toEntry(row: WhitelistRow): WhitelistEntry {
  return { _id: String(row.id), wallet: row.wallet, notes: row.notes, addedAt: row.addedAt.toISOString() };
}

export async function listWhitelist(db: Db): Promise<WhitelistEntry[]> {
  const rows = await db.select().from(whitelist).orderBy(desc(whitelist.addedAt), desc(whitelist.id));
  return rows.map(toEntry);
}

export async function addToWhitelist(
  db: Db,
  grant: AdminGrant,
  input: { wallet: string; notes: string },
): Promise<WhitelistEntry> {
  return db.transaction(async (tx) => {
    await grant.consume(tx);
    const [row] = await tx
      .insert(whitelist)
      .values({ wallet: input.wallet, notes: input.notes })
      .onConflictDoNothing()
      .returning();
    if (!row) throw conflict(whitelistErrors.duplicate);
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
