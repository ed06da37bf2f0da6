import { tipEndpoints } from "@classcoin/shared/endpoints/tips";
import type { FastifyPluginAsync } from "fastify";
import { requireActingWallet } from "../../auth/session";
import { registerEndpoint } from "../../http/endpoint";
import { recordTip } from "./service";

export const tipRoutes: FastifyPluginAsync = async (app) => {
  registerEndpoint(app, tipEndpoints.sendCoin, {
    async handler(request) {
      await requireActingWallet(request, request.body.fromWallet);
      return recordTip(app.deps, request.body);
    },
  });
};
