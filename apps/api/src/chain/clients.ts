import { type Chain, createPublicClient, defineChain, http, type PublicClient } from "viem";
import { sepolia } from "viem/chains";
import type { Config } from "../config";

export function chainFor(config: Pick<Config, "chain" | "chainId" | "chainName" | "rpcUrl">): Chain {
  if (config.chain === "sepolia") return sepolia;
  return defineChain({
    id: config.chainId,
    name: config.chainName,
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [config.rpcUrl] } },
    testnet: true,
  });
}

export function createChainClient(config: Pick<Config, "chain" | "chainId" | "chainName" | "rpcUrl">): PublicClient {
  return createPublicClient({
    chain: chainFor(config),
    // Local blocks arrive per transaction; poll fast there so receipts and the indexer keep up.
    pollingInterval: config.chain === "local" ? 100 : 4000,
    transport: http(config.rpcUrl, { timeout: 15_000, retryCount: 2 }),
    batch: { multicall: true },
  });
}
