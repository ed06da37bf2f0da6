/**
 * The wallet page's chain access: reads over the configured RPC (config.rpcUrl), the transfer through the
 * person's wallet (eth_sendTransaction via a viem wallet client on the EIP-1193 provider).
 */
import { TOKEN_DECIMALS } from "@classcoin/shared/constants";
import {
  type Address,
  createPublicClient,
  createWalletClient,
  custom,
  defineChain,
  erc20Abi,
  type Hash,
  http,
  parseUnits,
  type TransactionReceipt,
} from "viem";
import type { TokenData } from "./wallet-page-state";
import { assertTransferArguments } from "./wallet-page-state";
import type { WalletProvider } from "./wallet-provider";

export interface TokenClientConfig {
  chainId: number;
  chainName: string;
  rpcUrl: string;
  tokenAddress: string;
}

export interface TokenClient {
  readTokenData(): Promise<TokenData>;
  readBalance(address: Address): Promise<bigint>;
  /** Validates, then asks the wallet to send `transfer(to, amount)`; resolves with the hash once sent. */
  sendTransfer(provider: WalletProvider, from: Address, to: string, amount: string): Promise<Hash>;
  waitForReceipt(hash: Hash): Promise<TransactionReceipt>;
}

export function createTokenClient(config: TokenClientConfig): TokenClient {
  const chain = defineChain({
    id: config.chainId,
    name: config.chainName,
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [config.rpcUrl] } },
  });
  const publicClient = createPublicClient({ chain, transport: http(config.rpcUrl), pollingInterval: 500 });
  const token = { address: config.tokenAddress as Address, abi: erc20Abi } as const;

  return {
    async readTokenData() {
      const [name, symbol] = await Promise.all([
        publicClient.readContract({ ...token, functionName: "name" }),
        // A token without a symbol getter still works: the page shows the fallback symbol.
        publicClient.readContract({ ...token, functionName: "symbol" }).catch(() => ""),
      ]);
      return { name, symbol };
    },
    readBalance(address) {
      return publicClient.readContract({ ...token, functionName: "balanceOf", args: [address] });
    },
    async sendTransfer(provider, from, to, amount) {
      const checked = assertTransferArguments(to, amount);
      const wallet = createWalletClient({ account: from, chain, transport: custom(provider) });
      return wallet.writeContract({
        ...token,
        functionName: "transfer",
        args: [checked.to, parseUnits(checked.amount, TOKEN_DECIMALS)],
      });
    },
    waitForReceipt(hash) {
      return publicClient.waitForTransactionReceipt({ hash });
    },
  };
}
