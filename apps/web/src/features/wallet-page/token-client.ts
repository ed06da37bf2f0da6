/**
 * The wallet page's chain access: reads over the configured RPC (config.rpcUrl), the transfer through the
 * person's wallet (eth_sendTransaction via a viem wallet client on the EIP-1193 provider).
 *
 * Bundle size (bench/findings.md): a bare viem client with only the actions used, instead of
 * createPublicClient/createWalletClient (which bring every action along), and the sending side (write,
 * receipt polling) in token-send.ts, loaded once the page is up: the page's first load stays in budget.
 */
import { type Address, createClient, defineChain, erc20Abi, type Hash, http, type TransactionReceipt } from "viem";
import { getBalance, getGasPrice, readContract } from "viem/actions";
import type { TokenData } from "./wallet-page-state";
import type { WalletProvider } from "./wallet-provider";

const loadSend = () => import("./token-send");
const loadGasless = () => import("./gasless-send");
/** Gas a plain token transfer needs at most (about 35,000–52,000), with a margin. */
const TRANSFER_GAS = 100_000n;

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
  /** `timeout` (ms): by default the whole RECEIPT_TIMEOUT_MS (wallet/replaced-transaction.ts). */
  waitForReceipt(hash: Hash, timeout?: number): Promise<TransactionReceipt>;
  /** A transfer sent without gas: as waitForReceipt, following the treasury's new hash (`onHash`) if it signs it again. */
  waitForRelayedReceipt(first: Hash, timeout: number, onHash: (hash: Hash) => void): Promise<TransactionReceipt>;
  /** Issue 14: whether the address's native balance cannot pay a transfer's gas now. */
  cannotPayGas(address: Address): Promise<boolean>;
  /** Issue 14: the transfer signed as typed data and sent by the class treasury; resolves with its hash once sent. */
  sendWithoutGas(provider: WalletProvider, from: Address, to: string, amount: string): Promise<Hash>;
}

export function createTokenClient(config: TokenClientConfig): TokenClient {
  const chain = defineChain({
    id: config.chainId,
    name: config.chainName,
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [config.rpcUrl] } },
  });
  const publicClient = createClient({ chain, transport: http(config.rpcUrl), pollingInterval: 500 });
  const token = { address: config.tokenAddress as Address, abi: erc20Abi } as const;
  // Fetched in the background now, so a transfer never waits for it.
  void loadSend().catch(() => {});

  return {
    async readTokenData() {
      const [name, symbol] = await Promise.all([
        readContract(publicClient, { ...token, functionName: "name" }),
        // A token without a symbol getter still works: the page shows the fallback symbol.
        readContract(publicClient, { ...token, functionName: "symbol" }).catch(() => ""),
      ]);
      return { name, symbol };
    },
    readBalance(address) {
      return readContract(publicClient, { ...token, functionName: "balanceOf", args: [address] });
    },
    async sendTransfer(provider, from, to, amount) {
      return (await loadSend()).sendTransfer({ chain, token, provider, from, to, amount });
    },
    async waitForReceipt(hash, timeout) {
      return (await loadSend()).waitForReceipt(publicClient, hash, timeout);
    },
    async waitForRelayedReceipt(first, timeout, onHash) {
      return (await loadGasless()).waitForRelayedTransfer(publicClient, first, timeout, onHash);
    },
    async cannotPayGas(address) {
      const [balance, gasPrice] = await Promise.all([getBalance(publicClient, { address }), getGasPrice(publicClient)]);
      return balance < gasPrice * TRANSFER_GAS;
    },
    async sendWithoutGas(provider, from, to, amount) {
      return (await loadGasless()).sendWithoutGas({ chain, tokenAddress: token.address, provider, from, to, amount });
    },
  };
}
