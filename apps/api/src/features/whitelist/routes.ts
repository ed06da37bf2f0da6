/**
 * `GET /api/whitelist/me` (`session-read`): the session's own wallet on the roster and its welcome grant. No
 * wallet in the request: a signed-out caller gets 401 and another wallet's session hears only about itself.
 */
import { whitelistEndpoints } from "@classcoin/shared/endpoints/whitelist";
import type { FastifyPluginAsync } from "fastify";
import { requireSessionWallet } from "../../auth/session";
import { registerEndpoint } from "../../http/endpoint";
import { readRosterSelf } from "./roster-self";

export const whitelistRoutes: FastifyPluginAsync = async (app) => {
  registerEndpoint(app, whitelistEndpoints.me, {
    async handler(request, reply) {
      const wallet = await requireSessionWallet(request);
      // Whose it is depends on the cookie: no shared cache may keep it.
      reply.header("Cache-Control", "no-store");
      return readRosterSelf(app.deps.database.db, wallet);
    },
  });
};
