/** The wallet page's sending side, loaded on its own (see token-client.ts): the transfer and its receipt. */
import { TOKEN_DECIMALS } from "@classcoin/shared/constants";
import {
  type Address,
  type Chain,
  type Client,
  createClient,
  custom,
  type erc20Abi,
  type Hash,
  parseUnits,
  type TransactionReceipt,
  type Transport,
} from "viem";
import { waitForTransactionReceipt, writeContract } from "viem/actions";
import { RECEIPT_TIMEOUT_MS, replacementWatch } from "../../wallet/replaced-transaction";
import { assertTransferArguments } from "./wallet-page-state";
import type { WalletProvider } from "./wallet-provider";

export interface SendTransfer {
  chain: Chain;
  token: { address: Address; abi: typeof erc20Abi };
  provider: WalletProvider;
  from: Address;
  to: string;
  amount: string;
}

/** Validates, then asks the wallet to send `transfer(to, amount)`; resolves with the hash once sent. */
export function sendTransfer({ chain, token, provider, from, to, amount }: SendTransfer): Promise<Hash> {
  const checked = assertTransferArguments(to, amount);
  const wallet = createClient({ account: from, chain, transport: custom(provider) });
  return writeContract(wallet, {
    ...token,
    functionName: "transfer",
    args: [checked.to, parseUnits(checked.amount, TOKEN_DECIMALS)],
  });
}

/**
 * The receipt of `hash`, or an error when another transaction took its nonce (wallet/replaced-transaction.ts).
 * `timeout`: less than RECEIPT_TIMEOUT_MS for a transfer a page sent before it was reloaded.
 */
export async function waitForReceipt(
  client: Client<Transport, Chain>,
  hash: Hash,
  timeout = RECEIPT_TIMEOUT_MS,
): Promise<TransactionReceipt> {
  const replacement = replacementWatch();
  const receipt = await waitForTransactionReceipt(client, { hash, onReplaced: replacement.onReplaced, timeout });
  replacement.check();
  return receipt;
}
