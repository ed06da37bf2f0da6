/** The explorer (spec §7 "GET /api/explorer/…"): the paged transaction list, the stat tiles, one transaction, the chart. */

import { defineEndpoint } from "../endpoint";
import { explorerPageSchema, explorerStatsSchema, transactionSchema } from "../entities";
import {
  explorerDailyQuerySchema,
  explorerDailySchema,
  explorerQuerySchema,
  transactionIdParamsSchema,
} from "../explorer";

export const explorerEndpoints = {
  transactions: defineEndpoint({
    method: "GET",
    path: "/api/explorer/transactions",
    access: "public-read",
    cache: ["explorer"],
    tag: "explorer",
    summary: "Indexed token transfers, newest first, filtered and paged",
    query: explorerQuerySchema,
    response: explorerPageSchema,
    errorStatuses: [400],
  }),
  stats: defineEndpoint({
    method: "GET",
    path: "/api/explorer/stats",
    access: "public-read",
    cache: ["explorer"],
    tag: "explorer",
    summary: "Total transactions and volume, and those of the last 24 hours",
    response: explorerStatsSchema,
  }),
  transaction: defineEndpoint({
    method: "GET",
    path: "/api/explorer/transaction/:id",
    access: "public-read",
    cache: ["explorer"],
    tag: "explorer",
    summary: "One indexed transaction; 404 when none",
    params: transactionIdParamsSchema,
    response: transactionSchema,
    errorStatuses: [400, 404],
  }),
  daily: defineEndpoint({
    method: "GET",
    path: "/api/explorer/daily",
    access: "public-read",
    cache: ["explorer"],
    tag: "explorer",
    summary: "Transactions and volume per UTC day, for the chart",
    query: explorerDailyQuerySchema,
    response: explorerDailySchema,
    errorStatuses: [400],
  }),
} as const;
