/**
 * `fund` when another sender takes its nonce (the API's treasury and the harness both send from account 0): a
 * transfer the node drops or mines another transaction in place of is sent again, and a slow one is waited for,
 * never sent twice. On a chain of this file's own, mining by hand.
 */
import { hexToNumber, parseEther } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestChain, type TestChain } from "../../apps/api/src/testing/chain";
import { fund } from "../src/fund";

let chain: TestChain;

beforeAll(async () => {
  chain = await startTestChain({ ownChain: true });
});
afterAll(async () => {
  await chain?.stop();
});

const someone = () => privateKeyToAccount(generatePrivateKey()).address;
const ethOf = (address: `0x${string}`) => chain.publicClient.getBalance({ address });

/** The pending transactions of account 0, once there are `count`. */
async function pending(count: number): Promise<{ hash: `0x${string}`; nonce: number }[]> {
  const sender = chain.account(0).address.toLowerCase();
  for (let i = 0; i < 200; i++) {
    const pool = await chain.test.getTxpoolContent();
    const mine = Object.entries(pool.pending).find(([from]) => from.toLowerCase() === sender)?.[1] ?? {};
    const list = Object.values(mine).map((tx) => ({ hash: tx.hash, nonce: hexToNumber(tx.nonce) }));
    if (list.length >= count) return list;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`account 0 never had ${count} pending transactions`);
}

/** Mines a block every 50 ms until `work` settles (a resent transfer reaches the pool at its own moment). */
async function minedWhile<T>(work: Promise<T>): Promise<T> {
  let settled = false;
  void work.finally(() => {
    settled = true;
  });
  while (!settled) {
    await chain.test.mine({ blocks: 1 });
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return work;
}

describe("fund when another sender takes the nonce", () => {
  beforeAll(async () => {
    await chain.test.setAutomine(false);
  });
  afterAll(async () => {
    await chain.test.setAutomine(true);
  });

  it("waits for a transfer the node still holds, however long, and sends it once", async () => {
    const to = someone();
    const funding = fund(chain.wallet(0), chain.publicClient, to, { eth: "1" }, { stallMs: 200 });
    const [sent] = await pending(1);
    await new Promise((resolve) => setTimeout(resolve, 1_000)); // five stalls
    expect(await pending(1)).toHaveLength(1);
    const funded = await minedWhile(funding);
    expect(funded.ethHash).toBe(sent?.hash);
    expect(await ethOf(to)).toBe(parseEther("1"));
  });

  it("sends again a transfer the node dropped", async () => {
    const to = someone();
    const funding = fund(chain.wallet(0), chain.publicClient, to, { eth: "1" }, { stallMs: 200 });
    const [dropped] = await pending(1);
    await chain.test.dropTransaction({ hash: dropped?.hash as `0x${string}` });
    const funded = await minedWhile(funding);
    expect(funded.ethHash).not.toBe(dropped?.hash);
    expect(await ethOf(to)).toBe(parseEther("1"));
  });

  it("sends again a transfer replaced by another at its nonce, and does not take the other's receipt for its own", async () => {
    const [to, other] = [someone(), someone()];
    const funding = fund(chain.wallet(0), chain.publicClient, to, { eth: "1" }, { stallMs: 200 });
    const [ours] = await pending(1);
    await new Promise((resolve) => setTimeout(resolve, 300)); // the waiter has seen it pending
    const fees = await chain.publicClient.estimateFeesPerGas();
    // Another process sending from the same account at the same nonce, dearer: the pool keeps it instead.
    const theirs = await chain.wallet(0).sendTransaction({
      to: other,
      value: parseEther("2"),
      nonce: ours?.nonce,
      maxFeePerGas: fees.maxFeePerGas * 3n,
      maxPriorityFeePerGas: fees.maxPriorityFeePerGas * 3n + 1n,
    });
    expect((await pending(1)).map((tx) => tx.hash)).toEqual([theirs]);
    const funded = await minedWhile(funding);
    expect(funded.ethHash).not.toBe(theirs);
    expect(funded.ethHash).not.toBe(ours?.hash);
    expect(await ethOf(to)).toBe(parseEther("1"));
    expect(await ethOf(other)).toBe(parseEther("2"));
  });
});
