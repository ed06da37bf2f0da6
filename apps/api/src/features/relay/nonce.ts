/**
 * The token's rule for an authorization's nonce (OpenZeppelin's ERC20TransferAuthorization, keyed sequential
 * nonces): the high 192 bits are a key, the low 64 bits a sequence number, and `transferWithAuthorization`
 * takes only the key's next number (`nonces(from, key)`), else it reverts with InvalidAccountNonce. Read
 * before sending: a nonce the token will refuse used to pass the relay's checks (`authorizationState` is
 * false for any number not used yet) and fail in the node's gas estimate, a 502 with raw revert data.
 */
import { classCoinAbi } from "@classcoin/contracts";
import { authorizationNonceParts } from "@classcoin/shared/gasless";
import type { AppDeps } from "../../deps";

/** `next`: the token takes it now; `used`: the key has moved past it; `ahead`: an earlier number is unused. */
export type NonceStanding = "next" | "used" | "ahead";

export async function nonceStanding(
  deps: Pick<AppDeps, "chain">,
  token: `0x${string}`,
  from: `0x${string}`,
  nonce: `0x${string}`,
): Promise<NonceStanding> {
  const { key } = authorizationNonceParts(nonce);
  // The key's next nonce, the key packed in (key 0: the plain account nonce), so one comparison decides.
  const next = await deps.chain.readContract({
    address: token,
    abi: classCoinAbi,
    functionName: "nonces",
    args: [from, key],
  });
  const given = BigInt(nonce);
  if (given === next) return "next";
  return given < next ? "used" : "ahead";
}
