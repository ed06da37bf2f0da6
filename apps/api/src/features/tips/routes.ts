import { tipEndpoints } from "@classcoin/shared/endpoints/tips";
import type { FastifyPluginAsync } from "fastify";
import { requireActingWallet } from "../../auth/session";
import { registerEndpoint } from "../../http/endpoint";
import { limits } from "../../http/rate-limit";
import { tipEvent } from "./live-event";
import { recordTip } from "./service";

export const tipRoutes: FastifyPluginAsync = async (app) => {
  registerEndpoint(app, tipEndpoints.sendCoin, {
    // Each report reads the chain (on Sepolia it polls an unknown hash for 10 s): limited like every write.
    config: limits.write,
    async handler(request) {
      await requireActingWallet(request, request.body.fromWallet);
      const result = await recordTip(app.deps, request.body);
      await app.events.publish(await tipEvent(app.deps.database.db, request.body, result));
      return result;
    },
  });
};
