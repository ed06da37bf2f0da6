import { devAccounts } from "@classcoin/contracts/dev-accounts";
import { PRODUCT_NAME, PRODUCT_SYMBOL } from "@classcoin/shared/constants";
import { configEndpoints } from "@classcoin/shared/endpoints/config";
import type { FastifyPluginAsync } from "fastify";
import { registerEndpoint } from "../../http/endpoint";
import { faucetEnv } from "./faucet-env";
import { registerHealthRoutes } from "./health";

/** The configuration the web app runs with (one build serves any deployment) and the health check. */
export const configRoutes: FastifyPluginAsync = async (app) => {
  const { config, chain, database } = app.deps;

  registerEndpoint(app, configEndpoints.health, {
    async handler() {
      const blockNumber = await chain.getBlockNumber();
      const chainId = await chain.getChainId();
      return {
        ok: true,
        chainId,
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
    }),
  });
};
