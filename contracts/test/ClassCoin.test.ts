import { parseEventLogs, parseUnits, zeroAddress } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestChain, type TestChain } from "../../apps/api/src/testing/chain";
import { INITIAL_SUPPLY } from "../src/deploy";
import { classCoinAbi } from "../src/index";

let chain: TestChain;
/** The file's accounts on the run's shared anvil: 0 deploys and owns this file's ClassCoin. */
let owner: `0x${string}`;
let alice: `0x${string}`;
let bob: `0x${string}`;
const cc = (n: number) => parseUnits(String(n), 18);

beforeAll(async () => {
  chain = await startTestChain();
  [owner, alice, bob] = [0, 1, 2].map((i) => chain.account(i).address) as [`0x${string}`, `0x${string}`, `0x${string}`];
});
afterAll(async () => {
  await chain?.stop();
});

function read<F extends "name" | "symbol" | "decimals" | "totalSupply" | "owner">(functionName: F) {
  return chain.publicClient.readContract({ address: chain.tokenAddress, abi: classCoinAbi, functionName });
}

describe("ClassCoin on a real anvil", () => {
  it("has the metadata wallets show: ClassCoin, CC, 18 decimals, the initial supply at the owner", async () => {
    expect(await read("name")).toBe("ClassCoin");
    expect(await read("symbol")).toBe("CC");
    expect(await read("decimals")).toBe(18);
    expect(await read("totalSupply")).toBe(INITIAL_SUPPLY);
    expect((await read("owner")).toLowerCase()).toBe(owner.toLowerCase());
    expect(await chain.balanceOf(owner)).toBe(INITIAL_SUPPLY);
  });

  it("transfer moves the balance and emits Transfer(from, to, value)", async () => {
    const before = await chain.balanceOf(alice);
    const hash = await chain.wallet(0).writeContract({
      address: chain.tokenAddress,
      abi: classCoinAbi,
      functionName: "transfer",
      args: [alice, cc(25)],
    });
    const receipt = await chain.publicClient.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe("success");
    const [event] = parseEventLogs({ abi: classCoinAbi, logs: receipt.logs, eventName: "Transfer" });
    expect(event?.args).toEqual({ from: owner, to: alice, value: cc(25) });
    expect(await chain.balanceOf(alice)).toBe(before + cc(25));
  });

  it("a transfer beyond the balance reverts and changes nothing", async () => {
    const balance = await chain.balanceOf(bob);
    await expect(
      chain.wallet(2).writeContract({
        address: chain.tokenAddress,
        abi: classCoinAbi,
        functionName: "transfer",
        args: [alice, balance + 1n],
      }),
    ).rejects.toThrow(/ERC20InsufficientBalance/);
    expect(await chain.balanceOf(bob)).toBe(balance);
  });

  it("mintBatch by the owner mints to every address, each with a Transfer from the zero address", async () => {
    const recipients = [3, 4, 5].map((i) => chain.account(i).address);
    const supplyBefore = await read("totalSupply");
    const hash = await chain.wallet(0).writeContract({
      address: chain.tokenAddress,
      abi: classCoinAbi,
      functionName: "mintBatch",
      args: [recipients, cc(10_000)],
    });
    const receipt = await chain.publicClient.waitForTransactionReceipt({ hash });
    const events = parseEventLogs({ abi: classCoinAbi, logs: receipt.logs, eventName: "Transfer" });
    expect(events.map((e) => e.args)).toEqual(recipients.map((to) => ({ from: zeroAddress, to, value: cc(10_000) })));
    for (const r of recipients) expect(await chain.balanceOf(r)).toBe(cc(10_000));
    expect(await read("totalSupply")).toBe(supplyBefore + cc(30_000));
  });

  it("mintBatch by anyone else reverts with OwnableUnauthorizedAccount", async () => {
    await expect(
      chain.wallet(1).writeContract({
        address: chain.tokenAddress,
        abi: classCoinAbi,
        functionName: "mintBatch",
        args: [[alice], cc(1)],
      }),
    ).rejects.toThrow(/OwnableUnauthorizedAccount/);
  });

  it("ownership can be handed over, and the old owner can no longer mint", async () => {
    const hash = await chain.wallet(0).writeContract({
      address: chain.tokenAddress,
      abi: classCoinAbi,
      functionName: "transferOwnership",
      args: [bob],
    });
    await chain.publicClient.waitForTransactionReceipt({ hash });
    expect((await read("owner")).toLowerCase()).toBe(bob.toLowerCase());
    await expect(
      chain.wallet(0).writeContract({
        address: chain.tokenAddress,
        abi: classCoinAbi,
        functionName: "mintBatch",
        args: [[alice], cc(1)],
      }),
    ).rejects.toThrow(/OwnableUnauthorizedAccount/);
  });
});

describe("ClassCoin gasless transfers (EIP-3009, bytes signature)", () => {
  const types = {
    TransferWithAuthorization: [
      { name: "from", type: "address" },
      { name: "to", type: "address" },
      { name: "value", type: "uint256" },
      { name: "validAfter", type: "uint256" },
      { name: "validBefore", type: "uint256" },
      { name: "nonce", type: "bytes32" },
    ],
  } as const;
  const domain = () => ({
    name: "ClassCoin",
    version: "1",
    chainId: chain.publicClient.chain!.id,
    verifyingContract: chain.tokenAddress,
  });
  let counter = 0;
  const nonce = () => `0x${(++counter).toString(16).padStart(48, "0")}${"00".repeat(8)}` as `0x${string}`;

  async function authorize(
    signerIndex: number,
    message: {
      from: `0x${string}`;
      to: `0x${string}`;
      value: bigint;
      validAfter: bigint;
      validBefore: bigint;
      nonce: `0x${string}`;
    },
  ) {
    return chain
      .wallet(signerIndex)
      .signTypedData({ domain: domain(), types, primaryType: "TransferWithAuthorization", message });
  }
  const submit = (m: Parameters<typeof authorize>[1], signature: `0x${string}`) =>
    chain.wallet(3).writeContract({
      address: chain.tokenAddress,
      abi: classCoinAbi,
      functionName: "transferWithAuthorization",
      args: [m.from, m.to, m.value, m.validAfter, m.validBefore, m.nonce, signature],
    });

  it("a signed authorization moves the holder's tokens when anyone submits it, once", async () => {
    await chain.fund(alice, 10);
    const now = BigInt(Math.floor(Date.now() / 1000));
    const m = { from: alice, to: bob, value: cc(3), validAfter: 0n, validBefore: now + 600n, nonce: nonce() };
    const signature = await authorize(1, m);
    const [aliceBefore, bobBefore] = [await chain.balanceOf(alice), await chain.balanceOf(bob)];
    const receipt = await chain.publicClient.waitForTransactionReceipt({ hash: await submit(m, signature) });
    expect(receipt.status).toBe("success");
    expect(await chain.balanceOf(alice)).toBe(aliceBefore - cc(3));
    expect(await chain.balanceOf(bob)).toBe(bobBefore + cc(3));
    const used = await chain.publicClient.readContract({
      address: chain.tokenAddress,
      abi: classCoinAbi,
      functionName: "authorizationState",
      args: [alice, m.nonce],
    });
    expect(used).toBe(true);
    await expect(submit(m, signature)).rejects.toThrow(/InvalidAccountNonce|UsedAuthorization/);
  });

  it("refuses an expired authorization, a changed amount and one signed by another wallet", async () => {
    const now = BigInt(Math.floor(Date.now() / 1000));
    const expired = { from: alice, to: bob, value: cc(1), validAfter: 0n, validBefore: now - 10n, nonce: nonce() };
    await expect(submit(expired, await authorize(1, expired))).rejects.toThrow(/ERC3009InvalidAuthorizationTime/);
    const m = { from: alice, to: bob, value: cc(1), validAfter: 0n, validBefore: now + 600n, nonce: nonce() };
    const signature = await authorize(1, m);
    await expect(submit({ ...m, value: cc(2) }, signature)).rejects.toThrow(/ERC3009InvalidSignature/);
    await expect(submit(m, await authorize(2, m))).rejects.toThrow(/ERC3009InvalidSignature/);
  });
});
