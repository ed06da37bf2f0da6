/** A signed EIP-3009 transfer authorization, as the relay's request body (`POST /api/relay/transfer`). */
import { classCoinDomain, randomAuthorizationNonce, transferWithAuthorizationTypes } from "@classcoin/shared/gasless";
import { type Hash, type PublicClient, parseUnits } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { dev } from "./transfers";

/**
 * The body of a relay request: a TransferWithAuthorization of `from` (2 CC to dev account 2, valid for ten
 * minutes, a fresh nonce, unless `overrides` says otherwise) signed by `key` for `token` on `chainId`.
 */
export async function signedAuthorization(input: {
  from: `0x${string}`;
  key: `0x${string}`;
  chainId: number;
  token: `0x${string}`;
  overrides?: Partial<{ to: `0x${string}`; value: bigint; validAfter: bigint; validBefore: bigint }>;
}) {
  const now = BigInt(Math.floor(Date.now() / 1000));
  const message = {
    from: input.from,
    to: dev(2),
    value: parseUnits("2", 18),
    validAfter: 0n,
    validBefore: now + 600n,
    nonce: randomAuthorizationNonce(),
    ...input.overrides,
  };
  const signature = await privateKeyToAccount(input.key).signTypedData({
    domain: classCoinDomain(input.chainId, input.token),
    types: transferWithAuthorizationTypes,
    primaryType: "TransferWithAuthorization",
    message,
  });
  return {
    from: message.from,
    to: message.to,
    value: message.value.toString(),
    validAfter: message.validAfter.toString(),
    validBefore: message.validBefore.toString(),
    nonce: message.nonce,
    signature,
  };
}

/**
 * A relay request's answer, once its transfer is mined when it was accepted. The relay answers once the
 * transfer is sent, not mined; on a loaded machine anvil's block can come after a test's next balance read
 * (one CI run read 8 CC where 7 were left).
 */
export async function minedIfRelayed<R extends { statusCode: number; json(): unknown }>(
  client: PublicClient,
  pending: Promise<R>,
): Promise<R> {
  const res = await pending;
  if (res.statusCode !== 200) return res;
  const { txHash } = res.json() as { txHash: Hash };
  await client.waitForTransactionReceipt({ hash: txHash, pollingInterval: 50, timeout: 30_000 });
  return res;
}
