import { type Chain, createPublicClient, defineChain, http, type PublicClient } from "viem";
import { sepolia } from "viem/chains";
import { type Config, DEFAULT_RPC_TIMEOUT_MS } from "../config";
import { MULTICALL3_ADDRESS } from "./multicall";

/**
 * The chain's definition. Multicall3 is named only when it was found on the chain (multicall.ts): a Sepolia
 * stand-in (anvil with chain id 11155111) or any chain without the contract must not batch reads through it.
 */
export function chainFor(
  config: Pick<Config, "chain" | "chainId" | "chainName" | "rpcUrl">,
  options: { multicall3?: boolean } = {},
): Chain {
  if (config.chain === "sepolia") {
    if (options.multicall3) return sepolia;
    const { multicall3: _, ...contracts } = sepolia.contracts;
    return { ...sepolia, contracts };
  }
  return defineChain({
    id: config.chainId,
    name: config.chainName,
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [config.rpcUrl] } },
    contracts: options.multicall3 ? { multicall3: { address: MULTICALL3_ADDRESS } } : undefined,
    testnet: true,
  });
}

/**
 * The server's chain client. Reads are batched through Multicall3 only with `multicall3: true`, which the
 * server passes after finding the contract on the chain at start (`detectMulticall3`); otherwise each read is
 * its own eth_call.
 */
/** Tries of one RPC call: the first and one more after a failure or a timeout. */
export const RPC_TRIES = 2;

export function createChainClient(
  config: Pick<Config, "chain" | "chainId" | "chainName" | "rpcUrl" | "rpcTimeoutMs">,
  options: { multicall3?: boolean } = {},
): PublicClient {
  const multicall3 = options.multicall3 === true;
  return createPublicClient({
    chain: chainFor(config, { multicall3 }),
    // Local blocks arrive per transaction; poll fast there so receipts and the indexer keep up.
    pollingInterval: config.chain === "local" ? 100 : 4000,
    transport: http(config.rpcUrl, {
      timeout: config.rpcTimeoutMs ?? DEFAULT_RPC_TIMEOUT_MS,
      retryCount: RPC_TRIES - 1,
    }),
    batch: { multicall: multicall3 },
  });
}
