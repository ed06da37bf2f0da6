/**
 * The node's answer to a transfer beyond the sender's balance, as the relay meets it in its estimate: told
 * from the token's other refusals by the error itself, on a real anvil.
 */
import { classCoinAbi } from "@classcoin/contracts";
import { parseUnits } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestChain, type TestChain } from "../../testing/chain";
import { revertedForBalance } from "./balance-revert";

let chain: TestChain;
beforeAll(async () => {
  chain = await startTestChain();
});
afterAll(async () => {
  await chain?.stop();
});

/** The error of estimating a transfer of `amount` CC from a fresh wallet (no CC) to `to`. */
async function estimateError(to: `0x${string}`, amount: number): Promise<unknown> {
  const empty = privateKeyToAccount(generatePrivateKey()).address;
  return chain.publicClient
    .estimateContractGas({
      account: empty,
      address: chain.tokenAddress,
      abi: classCoinAbi,
      functionName: "transfer",
      args: [to, parseUnits(String(amount), 18)],
    })
    .then(
      () => null,
      (error: unknown) => error,
    );
}

describe("a relayed transfer refused for its balance", () => {
  it("is told by the token's error in the node's estimate", async () => {
    const error = await estimateError(chain.account(2).address, 2);
    expect(error).not.toBeNull();
    expect(revertedForBalance(error)).toBe(true);
  });

  it("is not confused with the token's other refusals or other failures", async () => {
    // A transfer to the zero address reverts with ERC20InvalidReceiver, before any balance is looked at.
    const invalidReceiver = await estimateError("0x0000000000000000000000000000000000000000", 0);
    expect(invalidReceiver).not.toBeNull();
    expect(revertedForBalance(invalidReceiver)).toBe(false);
    expect(revertedForBalance(new Error("socket hang up"))).toBe(false);
  });
});
