/**
 * "Send without gas" on the wallet page (issue 14, EIP-3009), loaded on its own like token-send.ts: the
 * person signs in (Sign-In with Ethereum, once per session, through the page's raw EIP-1193 wallet), signs the
 * transfer as typed data, and the class treasury sends it (`POST /api/relay/transfer`), answering with the
 * hash once it is sent; the page then waits for it to be mined as for any transfer.
 */

import { TOKEN_DECIMALS } from "@classcoin/shared/constants";
import { authEndpoints } from "@classcoin/shared/endpoints/auth";
import { relayEndpoints } from "@classcoin/shared/endpoints/relay";
import {
  classCoinDomain,
  RELAY_AUTHORIZATION_TTL_SECONDS,
  randomAuthorizationNonce,
  transferWithAuthorizationTypes,
} from "@classcoin/shared/gasless";
import {
  type Address,
  type Chain,
  type Client,
  createClient,
  custom,
  getAddress,
  type Hash,
  parseUnits,
  type TransactionReceipt,
  type Transport,
  toHex,
} from "viem";
import { signTypedData } from "viem/actions";
import { createSiweMessage } from "viem/siwe";
import { callApi } from "../../lib/api-client";
import { waitForRelayedReceipt } from "../../wallet/relayed-receipt";
import { waitForReceipt } from "./token-send";
import { assertTransferArguments } from "./wallet-page-state";
import type { WalletProvider } from "./wallet-provider";

export interface SendWithoutGas {
  chain: Chain;
  tokenAddress: Address;
  provider: WalletProvider;
  from: Address;
  to: string;
  amount: string;
}

async function ensureSession(provider: WalletProvider, from: Address, chainId: number): Promise<void> {
  if ((await callApi(authEndpoints.session)).wallet === from.toLowerCase()) return;
  const { nonce } = await callApi(authEndpoints.nonce);
  const message = createSiweMessage({
    address: getAddress(from),
    chainId,
    domain: window.location.host,
    uri: window.location.origin,
    nonce,
    version: "1",
    statement: "Sign in to ClassCoin with this wallet. This costs nothing and sends no transaction.",
    issuedAt: new Date(),
  });
  const signature = (await provider.request({ method: "personal_sign", params: [toHex(message), from] })) as Hash;
  await callApi(authEndpoints.verify, { body: { message, signature } });
}

export async function sendWithoutGas({
  chain,
  tokenAddress,
  provider,
  from,
  to,
  amount,
}: SendWithoutGas): Promise<Hash> {
  const checked = assertTransferArguments(to, amount);
  await ensureSession(provider, from, chain.id);
  const wallet = createClient({ account: from, chain, transport: custom(provider) });
  const validBefore = BigInt(Math.floor(Date.now() / 1000) + RELAY_AUTHORIZATION_TTL_SECONDS);
  const message = {
    from,
    to: checked.to,
    value: parseUnits(checked.amount, TOKEN_DECIMALS),
    validAfter: 0n,
    validBefore,
    nonce: randomAuthorizationNonce(),
  };
  const signature = await signTypedData(wallet, {
    account: from,
    domain: classCoinDomain(chain.id, tokenAddress),
    types: transferWithAuthorizationTypes,
    primaryType: "TransferWithAuthorization",
    message,
  });
  const { txHash } = await callApi(relayEndpoints.transfer, {
    body: {
      from,
      to: checked.to,
      value: message.value.toString(),
      validAfter: "0",
      validBefore: validBefore.toString(),
      nonce: message.nonce,
      signature,
    },
  });
  return txHash;
}

/**
 * The receipt of a transfer sent without gas, under whichever hash the treasury sent it last
 * (wallet/relayed-receipt.ts): in a fee spike it signs it again, and a page reloaded meanwhile knows only the
 * first hash. `onHash`: the transfer is now another transaction.
 */
export function waitForRelayedTransfer(
  client: Client<Transport, Chain>,
  first: Hash,
  timeout: number,
  onHash: (hash: Hash) => void,
): Promise<TransactionReceipt> {
  return waitForRelayedReceipt(
    first,
    Date.now() + timeout,
    (hash, limit) => waitForReceipt(client, hash, limit),
    onHash,
  );
}
