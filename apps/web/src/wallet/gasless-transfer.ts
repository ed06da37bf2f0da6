/**
 * Gasless transfers (issue 14, EIP-3009) for the platform's wagmi wallet: whether the wallet can pay a
 * transfer's gas, and a transfer signed as typed data and sent by the class treasury
 * (`POST /api/relay/transfer`), which answers with its hash once sent. Loaded on demand (wagmi's actions).
 */
import { relayEndpoints } from "@classcoin/shared/endpoints/relay";
import {
  classCoinDomain,
  RELAY_AUTHORIZATION_TTL_SECONDS,
  randomAuthorizationNonce,
  transferWithAuthorizationTypes,
} from "@classcoin/shared/gasless";
import type { Config } from "wagmi";
import { getBalance, getGasPrice, signTypedData } from "wagmi/actions";
import { callApi } from "../lib/api-client";

/** Gas a plain ClassCoin transfer needs at most (about 35,000–52,000), with a margin. */
const TRANSFER_GAS = 100_000n;

/** Whether the wallet's native balance cannot pay the gas of a transfer now. */
export async function cannotPayGas(wagmiConfig: Config, address: `0x${string}`, chainId: number): Promise<boolean> {
  const [balance, gasPrice] = await Promise.all([
    getBalance(wagmiConfig, { address, chainId }),
    getGasPrice(wagmiConfig, { chainId }),
  ]);
  return balance.value < gasPrice * TRANSFER_GAS;
}

/** Signs the transfer (one typed-data prompt) and has the treasury send it; resolves with its hash (sent). */
export async function relayTransfer(
  wagmiConfig: Config,
  input: { from: `0x${string}`; to: `0x${string}`; value: bigint; chainId: number; token: `0x${string}` },
): Promise<`0x${string}`> {
  const validBefore = BigInt(Math.floor(Date.now() / 1000) + RELAY_AUTHORIZATION_TTL_SECONDS);
  const message = {
    from: input.from,
    to: input.to,
    value: input.value,
    validAfter: 0n,
    validBefore,
    nonce: randomAuthorizationNonce(),
  };
  const signature = await signTypedData(wagmiConfig, {
    account: input.from,
    domain: classCoinDomain(input.chainId, input.token),
    types: transferWithAuthorizationTypes,
    primaryType: "TransferWithAuthorization",
    message,
  });
  const { txHash } = await callApi(relayEndpoints.transfer, {
    body: {
      from: input.from,
      to: input.to,
      value: input.value.toString(),
      validAfter: "0",
      validBefore: validBefore.toString(),
      nonce: message.nonce,
      signature,
    },
  });
  return txHash;
}
