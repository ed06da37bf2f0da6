import { devAccounts } from "@classcoin/contracts/dev-accounts";
import { healthSchema, publicConfigSchema } from "@classcoin/shared/api-meta";
import { PRODUCT_NAME, PRODUCT_SYMBOL } from "@classcoin/shared/constants";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

export const metaRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, chain, database } = app.deps;

  app.get("/health", { schema: { response: { 200: healthSchema } } }, async () => {
    const blockNumber = await chain.getBlockNumber();
    const chainId = await chain.getChainId();
    return {
      ok: true,
      chainId,
      tokenAddress: config.tokenAddress ?? "",
      blockNumber: Number(blockNumber),
      database: database.kind,
    };
  });

  app.get("/config", { schema: { response: { 200: publicConfigSchema } } }, async () => ({
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
  }));
};
