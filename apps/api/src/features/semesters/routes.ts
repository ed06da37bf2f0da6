/** The archives' public reads (issue 18): the list at /archive and one archive at /archive/:id. */
import { archiveEndpoints } from "@classcoin/shared/endpoints/semesters";
import type { FastifyPluginAsync } from "fastify";
import { registerEndpoint } from "../../http/endpoint";
import { getArchive, listArchives, listArchiveTransactions } from "./service";

export const archiveRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.deps.database;

  registerEndpoint(app, archiveEndpoints.list, {
    handler: async () => listArchives(db),
  });

  registerEndpoint(app, archiveEndpoints.get, {
    handler: async (request) => getArchive(db, request.params.archiveId),
  });

  registerEndpoint(app, archiveEndpoints.transactions, {
    handler: async (request) => listArchiveTransactions(db, request.params.archiveId, request.query),
  });
};
