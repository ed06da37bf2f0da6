import { leaderboardEndpoints } from "@classcoin/shared/endpoints/leaderboard";
import type { FastifyPluginAsync } from "fastify";
import { registerEndpoint } from "../../http/endpoint";
import { getLeaderboard } from "./service";

/** The leaderboard's public read (issue 18), shown at /leaderboard. */
export const leaderboardRoutes: FastifyPluginAsync = async (app) => {
  registerEndpoint(app, leaderboardEndpoints.get, {
    handler: async () => getLeaderboard(app.deps),
  });
};
