import { apiErrorSchema } from "@classcoin/shared/api-meta";
import { sendCoinResultSchema, sendCoinSchema } from "@classcoin/shared/tips";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireActingWallet } from "../../auth/session";
import { recordTip } from "./service";

/** Register with prefix "/api". */
export const tipRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/projects/send-coin",
    {
      schema: {
        tags: ["projects"],
        summary: "Record an on-chain ClassCoin tip to a project (needs a session of fromWallet)",
        body: sendCoinSchema,
        response: { 200: sendCoinResultSchema, 409: apiErrorSchema },
      },
    },
    async (request) => {
      await requireActingWallet(request, request.body.fromWallet);
      return recordTip(app.deps, request.body);
    },
  );
};
