/**
 * The holders list (issue 18): wallets by their ClassCoin balance as the indexer has added it up (the
 * `holders` table, kept by triggers on `transactions`: migrations/0008_holders.sql), with their current
 * profile name and photo and their share of the supply (every holder's balance together: minted − burned).
 */
import { HOLDERS_PAGE_SIZE, type HoldersPage } from "@classcoin/shared/explorer-tools";
import { sql } from "drizzle-orm";
import { ccFromWei as toCC } from "../../chain/balances";
import type { Db } from "../../db/client";
import { queryRows } from "../../db/raw-rows";

export async function listHolders(db: Db, pageNumber = 1): Promise<HoldersPage> {
  const limit = HOLDERS_PAGE_SIZE;
  const offset = (pageNumber - 1) * limit;
  const [totals] = await queryRows<{ holders: string | number; supply: string | number | null }>(
    db,
    sql`SELECT count(*) AS holders, coalesce(sum(balance_wei), 0) AS supply FROM holders WHERE balance_wei > 0`,
  );
  const holderCount = Number(totals?.holders ?? 0);
  const supplyWei = BigInt(String(totals?.supply ?? 0).split(".")[0] ?? "0");
  const rows = await queryRows<{
    wallet: string;
    balance_wei: string | number;
    name: string | null;
    photo: string | null;
  }>(
    db,
    sql`SELECT h.wallet, h.balance_wei, p.name, p.photo
          FROM holders h
          LEFT JOIN profiles p ON p.wallet = h.wallet AND p.archived = false
         WHERE h.balance_wei > 0
         ORDER BY h.balance_wei DESC, h.wallet
         LIMIT ${limit} OFFSET ${offset}`,
  );
  const total = Math.max(1, Math.ceil(holderCount / limit));
  return {
    holders: rows.map((row, i) => {
      const wei = BigInt(String(row.balance_wei).split(".")[0] ?? "0");
      return {
        rank: offset + i + 1,
        wallet: row.wallet,
        name: row.name,
        photo: row.photo,
        balance: toCC(wei),
        // Exact to a millionth, then as a fraction: bigint division keeps 78-digit amounts exact.
        share: supplyWei > 0n ? Number((wei * 1_000_000n) / supplyWei) / 1_000_000 : 0,
      };
    }),
    totalSupply: toCC(supplyWei),
    holderCount,
    pagination: { current: pageNumber, total, hasPrev: pageNumber > 1, hasNext: pageNumber < total },
  };
}
