import { devAccounts } from "@classcoin/contracts/dev-accounts";
import { PRODUCT_NAME, PRODUCT_SYMBOL } from "@classcoin/shared/constants";
import { configEndpoints } from "@classcoin/shared/endpoints/config";
import type { FastifyPluginAsync } from "fastify";
import { DEFAULT_WELCOME_CC } from "../../config";
import { registerEndpoint } from "../../http/endpoint";
import { faucetEnv } from "./faucet-env";
import { registerHealthRoutes } from "./health";

/** The configuration the web app runs with (one build serves any deployment) and the health check. */
export const configRoutes: FastifyPluginAsync = async (app) => {
  const { config, chain, database } = app.deps;

  // A node's chain id does not change: asked once (again after a failure), not on every probe, which anyone
  // can send and the RPC provider meters.
  let chainIdOnce: Promise<number> | undefined;
  const chainId = () =>
    (chainIdOnce ??= chain.getChainId().catch((error: unknown) => {
      chainIdOnce = undefined;
      throw error;
    }));

  registerEndpoint(app, configEndpoints.health, {
    async handler() {
      const [blockNumber, chainIdNow] = await Promise.all([chain.getBlockNumber(), chainId()]);
      return {
        ok: true,
        chainId: chainIdNow,
        tokenAddress: config.tokenAddress ?? "",
        blockNumber: Number(blockNumber),
        database: database.kind,
      };
    },
  });

  registerHealthRoutes(app);

  registerEndpoint(app, configEndpoints.config, {
    handler: async () => ({
      productName: PRODUCT_NAME,
      productSymbol: PRODUCT_SYMBOL,
      chainId: config.chainId,
      chainName: config.chainName,
      local: config.chain === "local",
      rpcUrl: config.publicRpcUrl,
      tokenAddress: config.tokenAddress ?? "",
      adminWallet: config.adminWallet,
      blockExplorerUrl: config.blockExplorerUrl,
      devAccounts: config.chain === "local" ? devAccounts.map((a) => a.address) : [],
      faucetEnv: faucetEnv(config),
      feedAnnounceSeconds: Math.round((config.feedAnnounceMs ?? 60_000) / 1000),
      welcomeCc: config.welcomeCc ?? DEFAULT_WELCOME_CC,
    }),
  });
};
