/** Public explorer endpoints (spec §7): the paged transaction list, the stat tiles, one transaction, the chart. */
import { explorerEndpoints } from "@classcoin/shared/endpoints/explorer";
import { EXPLORER_DEFAULT_DAYS } from "@classcoin/shared/explorer";
import type { FastifyPluginAsync } from "fastify";
import { registerEndpoint } from "../../http/endpoint";
import { notFound } from "../../http-errors";
import { getDaily, getStats, getTransaction, listTransactions } from "./service";

export const TRANSACTION_NOT_FOUND = "Transaction not found";

export const explorerRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.deps.database;

  registerEndpoint(app, explorerEndpoints.transactions, {
    handler: async (request) => listTransactions(db, request.query),
  });

  registerEndpoint(app, explorerEndpoints.stats, { handler: async () => getStats(db) });

  registerEndpoint(app, explorerEndpoints.transaction, {
    async handler(request) {
      const transaction = await getTransaction(db, request.params.id);
      if (!transaction) throw notFound(TRANSACTION_NOT_FOUND);
      return transaction;
    },
  });

  registerEndpoint(app, explorerEndpoints.daily, {
    handler: async (request) => getDaily(db, request.query.days ?? EXPLORER_DEFAULT_DAYS, request.query.tz),
  });
};
