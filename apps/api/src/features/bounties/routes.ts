import { bountyEndpoints } from "@classcoin/shared/endpoints/bounties";
import type { FastifyPluginAsync } from "fastify";
import { registerEndpoint } from "../../http/endpoint";
import { listBounties } from "./service";

/** The public side of bounties (served under /api/admin/public, as spec §7 names it); the writes are admin-routes.ts. */
export const bountyRoutes: FastifyPluginAsync = async (app) => {
  registerEndpoint(app, bountyEndpoints.list, { handler: async () => listBounties(app.deps.database.db) });
};
