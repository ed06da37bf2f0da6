/**
 * `POST /api/relay/transfer` (issue 14): the treasury submits a class member's signed EIP-3009 transfer;
 * `GET /api/relay/transfers/:hash`: where it stands (the transaction to wait for, after a fee spike);
 * `GET /api/relay/allowance`: what the session's wallet may still relay today.
 */
import { relayEndpoints } from "@classcoin/shared/endpoints/relay";
import type { FastifyPluginAsync } from "fastify";
import { requireActingWallet, requireSessionWallet } from "../../auth/session";
import { registerEndpoint } from "../../http/endpoint";
import { limits } from "../../http/rate-limit";
import { relayAllowance } from "./allowance";
import { relayTransfer, relayTransferStatus } from "./service";

export const relayRoutes: FastifyPluginAsync = async (app) => {
  registerEndpoint(app, relayEndpoints.transfer, {
    config: limits.write,
    async handler(request) {
      await requireActingWallet(request, request.body.from);
      const result = await relayTransfer(app.deps, request.body);
      // Every instance's balances and leaderboard (before: only this one's, until the indexer caught up).
      await app.events.publish({ type: "balances", wallets: [request.body.from, request.body.to] });
      return result;
    },
  });

  registerEndpoint(app, relayEndpoints.transferStatus, {
    handler: async (request) => relayTransferStatus(app.deps, request.params.hash),
  });

  registerEndpoint(app, relayEndpoints.allowance, {
    async handler(request, reply) {
      const wallet = await requireSessionWallet(request);
      reply.header("Cache-Control", "no-store");
      return relayAllowance(app.deps, wallet);
    },
  });
};
