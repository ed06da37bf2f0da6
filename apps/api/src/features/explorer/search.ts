/**
 * The explorer's one search box (issue 18): an address leads to its transactions, a transaction hash to that
 * transaction, a profile name to the profile's wallet (or a choice when several names match).
 */
import { type ExplorerSearchResult, explorerSearchMessages } from "@classcoin/shared/explorer-tools";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { profiles, transactions } from "../../db/schema";

/** Names offered when several profiles match. */
const MAX_PROFILE_MATCHES = 10;

/** `%` and `_` typed in a name are letters, not patterns. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function searchExplorer(db: Db, q: string): Promise<ExplorerSearchResult> {
  const text = q.trim();
  if (/^0x[0-9a-fA-F]{40}$/.test(text)) {
    const wallet = text.toLowerCase();
    const [profile] = await db
      .select({ name: profiles.name })
      .from(profiles)
      .where(and(eq(profiles.wallet, wallet), eq(profiles.archived, false)));
    return { kind: "wallet", wallet, name: profile?.name ?? null };
  }
  if (/^0x[0-9a-fA-F]{64}$/.test(text)) {
    const txHash = text.toLowerCase();
    const logs = await db
      .select({ id: transactions.id })
      .from(transactions)
      .where(eq(transactions.txHash, txHash))
      .orderBy(asc(transactions.logIndex));
    if (logs.length === 0) return { kind: "none", message: explorerSearchMessages.noTransaction };
    return { kind: "transaction", id: String(logs[0]!.id), txHash, logs: logs.length };
  }
  const matches = await db
    .select({ wallet: profiles.wallet, name: profiles.name, photo: profiles.photo })
    .from(profiles)
    .where(and(eq(profiles.archived, false), sql`${profiles.name} ILIKE ${likePattern(text)}`))
    .orderBy(sql`lower(${profiles.name}) = lower(${text}) DESC`, asc(profiles.name), asc(profiles.id))
    .limit(MAX_PROFILE_MATCHES);
  const exact = matches.filter((m) => m.name.toLowerCase() === text.toLowerCase());
  const only = exact.length === 1 ? exact[0] : matches.length === 1 ? matches[0] : undefined;
  if (only) return { kind: "wallet", wallet: only.wallet, name: only.name };
  if (matches.length === 0) return { kind: "none", message: explorerSearchMessages.noProfile(text) };
  return { kind: "profiles", profiles: matches };
}
