/**
 * Reads work on a chain without Multicall3 (issue 15: on a Sepolia stand-in every balance-checked write was a
 * 500, because viem batched reads through the Multicall3 address Sepolia's definition names).
 */
import { classCoinAbi } from "@classcoin/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { startTestChain, type TestChain } from "../testing/chain";
import { createChainClient } from "./clients";
import { detectMulticall3 } from "./multicall";

let chain: TestChain;
beforeAll(async () => {
  chain = await startTestChain();
});
afterAll(async () => {
  await chain?.stop();
});

describe("Multicall3", () => {
  it("behavior: a chain without Multicall3 is detected as such, and an unreachable RPC counts as 'absent'", async () => {
    expect(await detectMulticall3(chain.rpcUrl)).toBe(false);
    expect(await detectMulticall3("http://127.0.0.1:9")).toBe(false);
  });

  it("behavior: with CHAIN=sepolia on a chain without Multicall3, parallel balance reads answer (batched ones would fail)", async () => {
    const config = loadConfig({
      CHAIN: "sepolia",
      RPC_URL: chain.rpcUrl,
      PUBLIC_RPC_URL: "https://ethereum-sepolia-rpc.publicnode.com",
      TOKEN_ADDRESS: chain.tokenAddress,
      ADMIN_WALLET: chain.account(0).address,
      TREASURY_PRIVATE_KEY: chain.account(0).privateKey,
    });
    const read = (client: ReturnType<typeof createChainClient>) =>
      Promise.all(
        [0, 1, 2].map((i) =>
          client.readContract({
            address: chain.tokenAddress,
            abi: classCoinAbi,
            functionName: "balanceOf",
            args: [chain.account(i).address],
          }),
        ),
      );
    const plain = createChainClient(config, { multicall3: await detectMulticall3(config.rpcUrl) });
    expect(plain.chain?.contracts?.multicall3).toBeUndefined();
    const balances = await read(plain);
    expect(balances[0]).toBe(await chain.balanceOf(chain.account(0).address));
    // What the server did before: batching through an address with no code fails every read.
    await expect(read(createChainClient(config, { multicall3: true }))).rejects.toThrow();
  });
});
