/** The explorer's search, CSV export and holders list (issue 18), shown on /explorer. */
import { defineEndpoint } from "../endpoint";
import { explorerQuerySchema } from "../explorer";
import {
  explorerSearchQuerySchema,
  explorerSearchResultSchema,
  holdersPageSchema,
  holdersQuerySchema,
} from "../explorer-tools";

export const explorerToolEndpoints = {
  search: defineEndpoint({
    method: "GET",
    path: "/api/explorer/search",
    access: "public-read",
    cache: ["explorer"],
    tag: "explorer",
    summary: "Where an address, a transaction hash or a profile name leads",
    query: explorerSearchQuerySchema,
    response: explorerSearchResultSchema,
    errorStatuses: [400],
  }),
  csv: defineEndpoint({
    method: "GET",
    path: "/api/explorer/transactions.csv",
    access: "public-read",
    tag: "explorer",
    summary: "Every transaction matching the filters as CSV, newest first, streamed (page and limit are ignored)",
    query: explorerQuerySchema,
    errorStatuses: [400],
  }),
  holders: defineEndpoint({
    method: "GET",
    path: "/api/explorer/holders",
    access: "public-read",
    cache: ["explorer"],
    tag: "explorer",
    summary: "Wallets holding ClassCoin, largest first, with their share of the supply (kept by the indexer)",
    query: holdersQuerySchema,
    response: holdersPageSchema,
    errorStatuses: [400],
  }),
} as const;
