/**
 * wagmi, configured at run time from `GET /api/config`, so one build serves the local chain and Sepolia.
 * Installed wallets are found over EIP-6963 (wagmi's multi-injected discovery); a legacy `window.ethereum`
 * that does not announce itself is reached through the generic injected connector. On the local chain the
 * Dev wallet (anvil's unlocked accounts) is announced the same way, so it is listed like any wallet.
 */
import type { PublicConfig } from "@classcoin/shared/api-meta";
import { defineChain } from "viem";
import { type Config, createConfig, http } from "wagmi";
import { injected } from "wagmi/connectors";
import { announceDevWallet, createDevWalletProvider, type DevWalletProvider } from "./dev-wallet-provider";

export interface AppWallet {
  wagmiConfig: Config;
  /** The Dev wallet, offered only when the configured chain is local. */
  devWallet: DevWalletProvider | null;
}

let created: { key: string; wallet: AppWallet } | null = null;

/**
 * One wagmi config per page and configuration. React may render (and throw away) the provider more than
 * once before it commits; a second config would find wagmi's module-wide reconnect already running and
 * stay disconnected, so the config lives here rather than in component state.
 */
export function getAppWallet(config: PublicConfig): AppWallet {
  const key = JSON.stringify(config);
  if (created?.key !== key) created = { key, wallet: createAppWallet(config) };
  return created.wallet;
}

function createAppWallet(config: PublicConfig): AppWallet {
  const chain = defineChain({
    id: config.chainId,
    name: config.chainName,
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [config.rpcUrl] } },
    blockExplorers: config.blockExplorerUrl
      ? { default: { name: "Explorer", url: config.blockExplorerUrl } }
      : undefined,
  });
  let devWallet: DevWalletProvider | null = null;
  if (config.local && config.devAccounts.length > 0) {
    devWallet = createDevWalletProvider({
      rpcUrl: config.rpcUrl,
      chainId: config.chainId,
      accounts: config.devAccounts,
    });
    // Announced before wagmi starts listening: its discovery store asks for providers when it is created.
    announceDevWallet(devWallet);
  }
  const wagmiConfig = createConfig({
    chains: [chain],
    connectors: [injected()],
    multiInjectedProviderDiscovery: true,
    transports: { [chain.id]: http(config.rpcUrl) },
    // A local chain mines a block per transaction; a short interval keeps balances current.
    pollingInterval: config.local ? 1_000 : 4_000,
  });
  return { wagmiConfig, devWallet };
}
