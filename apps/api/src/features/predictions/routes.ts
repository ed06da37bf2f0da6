/** Predictions' public calls (issue 18), shown on /projects for projects 2–4. */
import { predictionEndpoints } from "@classcoin/shared/endpoints/predictions";
import type { FastifyPluginAsync } from "fastify";
import { getSessionWallet, requireActingWallet } from "../../auth/session";
import { registerEndpoint } from "../../http/endpoint";
import { limits } from "../../http/rate-limit";
import { getRound, makePrediction } from "./service";

export const predictionRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.deps.database;

  registerEndpoint(app, predictionEndpoints.round, {
    async handler(request, reply) {
      // The answer holds the caller's own prediction: not for shared caches.
      reply.header("Cache-Control", "private, no-store");
      return getRound(db, request.params.projectNumber, await getSessionWallet(request));
    },
  });

  registerEndpoint(app, predictionEndpoints.make, {
    config: limits.write,
    async handler(request) {
      await requireActingWallet(request, request.body.predictorWallet);
      const prediction = await makePrediction(db, request.body);
      await app.events.publish({ type: "prediction.changed", projectNumber: prediction.projectNumber });
      return prediction;
    },
  });
};
