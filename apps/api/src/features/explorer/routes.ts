/** Public explorer endpoints (spec §7): the paged transaction list, the stat tiles, one transaction, the chart. */
import { explorerPageSchema, explorerStatsSchema, transactionSchema } from "@classcoin/shared/entities";
import {
  EXPLORER_DEFAULT_DAYS,
  explorerDailyQuerySchema,
  explorerDailySchema,
  explorerQuerySchema,
  transactionIdParamsSchema,
} from "@classcoin/shared/explorer";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { notFound } from "../../http-errors";
import { ensureExplorerAggregates } from "./aggregates";
import { getDaily, getStats, getTransaction, listTransactions } from "./service";

export const TRANSACTION_NOT_FOUND = "Transaction not found";

export const explorerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  await ensureExplorerAggregates(db);

  app.get(
    "/explorer/transactions",
    { schema: { querystring: explorerQuerySchema, response: { 200: explorerPageSchema } } },
    async (request) => listTransactions(db, request.query),
  );

  app.get("/explorer/stats", { schema: { response: { 200: explorerStatsSchema } } }, async () => getStats(db));

  app.get(
    "/explorer/transaction/:id",
    { schema: { params: transactionIdParamsSchema, response: { 200: transactionSchema } } },
    async (request) => {
      const transaction = await getTransaction(db, request.params.id);
      if (!transaction) throw notFound(TRANSACTION_NOT_FOUND);
      return transaction;
    },
  );

  app.get(
    "/explorer/daily",
    { schema: { querystring: explorerDailyQuerySchema, response: { 200: explorerDailySchema } } },
    async (request) => getDaily(db, request.query.days ?? EXPLORER_DEFAULT_DAYS),
  );
};
