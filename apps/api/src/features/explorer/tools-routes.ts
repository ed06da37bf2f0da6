/** The explorer's search, CSV export and holders list (issue 18); the rest of the explorer is in routes.ts. */
import { Readable } from "node:stream";
import { explorerToolEndpoints } from "@classcoin/shared/endpoints/explorer-tools";
import type { FastifyPluginAsync } from "fastify";
import { registerEndpoint } from "../../http/endpoint";
import { rateLimitConfig } from "../../http/rate-limit";
import { csvFileName, transactionCsv } from "./csv-export";
import { listHolders } from "./holders";
import { searchExplorer } from "./search";

/** An export reads the whole history: a few a minute per person is plenty. */
const csvLimit = rateLimitConfig(10, "1 minute");

export const explorerToolRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.deps.database;

  registerEndpoint(app, explorerToolEndpoints.search, {
    handler: async (request) => searchExplorer(db, request.query.q),
  });

  registerEndpoint(app, explorerToolEndpoints.csv, {
    config: csvLimit,
    async handler(request, reply) {
      reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${csvFileName(request.query)}"`)
        .header("cache-control", "no-store");
      return reply.send(Readable.from(transactionCsv(db, request.query)));
    },
  });

  registerEndpoint(app, explorerToolEndpoints.holders, {
    handler: async (request) => listHolders(db, request.query.page ?? 1),
  });
};
