/**
 * The explorer's tools (issue 18): one search box (an address, a transaction hash or a profile name), the CSV
 * export of the current filters, and the holders list kept by the indexer.
 */
import { z } from "zod";
import { EXPLORER_PAGE_SIZE } from "./constants";
import { wholeNumber } from "./primitives";

export const explorerSearchQuerySchema = z.object({
  q: z.string().trim().min(1, "Type an address, a transaction hash or a name to search").max(200),
});

const foundProfileSchema = z.object({ wallet: z.string(), name: z.string(), photo: z.string().nullable() });

/**
 * Where a search leads: a wallet's transactions (an address, or the one profile whose name matches), one
 * transaction (a hash; `logs` > 1 when the transaction moved coins more than once, e.g. a batch mint), a
 * choice among several profiles, or nothing (`message` says so).
 */
export const explorerSearchResultSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("wallet"), wallet: z.string(), name: z.string().nullable() }),
  z.object({ kind: z.literal("transaction"), id: z.string(), txHash: z.string(), logs: z.number().int().positive() }),
  z.object({ kind: z.literal("profiles"), profiles: z.array(foundProfileSchema) }),
  z.object({ kind: z.literal("none"), message: z.string() }),
]);
export type ExplorerSearchResult = z.infer<typeof explorerSearchResultSchema>;

export const explorerSearchMessages = {
  noTransaction: "No ClassCoin transfer with this transaction hash has been indexed (yet).",
  noProfile: (q: string) => `No address, transaction or profile name matches "${q}".`,
  /** The Wallet filter's own check: it takes whole addresses only (names go in the search box). */
  walletFilter: "Enter a whole wallet address (0x followed by 40 hex characters), or search by name in the search box.",
} as const;

/** The CSV export's columns, in order (the header row). */
export const EXPLORER_CSV_COLUMNS = [
  "id",
  "time",
  "type",
  "from",
  "from_name",
  "to",
  "to_name",
  "amount",
  "tx_hash",
  "log_index",
  "block_number",
  "status",
  "description",
] as const;

export const HOLDERS_PAGE_SIZE = EXPLORER_PAGE_SIZE;

export const holdersQuerySchema = z.object({
  page: z.preprocess(
    (value) => (value === "" ? undefined : value),
    wholeNumber("page must be a whole number from 1 to 1000000000", 1, 1_000_000_000).optional(),
  ),
});

export const holderSchema = z.object({
  rank: z.number().int().positive(),
  wallet: z.string(),
  name: z.string().nullable(),
  photo: z.string().nullable(),
  /** Whole CC (fractional when the wallet holds parts of a coin). */
  balance: z.number(),
  /** Fraction of the total supply, 0–1. */
  share: z.number(),
});
export type Holder = z.infer<typeof holderSchema>;

export const holdersPageSchema = z.object({
  holders: z.array(holderSchema),
  /** Minted minus burned, as indexed. */
  totalSupply: z.number(),
  holderCount: z.number().int().nonnegative(),
  pagination: z.object({ current: z.number(), total: z.number(), hasPrev: z.boolean(), hasNext: z.boolean() }),
});
export type HoldersPage = z.infer<typeof holdersPageSchema>;
