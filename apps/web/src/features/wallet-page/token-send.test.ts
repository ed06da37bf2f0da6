/**
 * Waiting for a transfer's receipt on a real chain (anvil) when its nonce is taken by another transaction:
 * as when the node drops a transfer the class treasury relayed and the treasury's next payment reuses its
 * nonce. viem answers with that other transaction's receipt; the page must not take it for this transfer.
 */
import { type Anvil, startAnvil } from "@classcoin/contracts/anvil";
import { devAccount } from "@classcoin/contracts/dev-accounts";
import { messages } from "@classcoin/shared/messages";
import { createTestClient, createWalletClient, defineChain, type Hash, http, parseGwei, publicActions } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitForReceipt } from "./token-send";

let anvil: Anvil;
beforeAll(async () => {
  anvil = await startAnvil();
});
afterAll(async () => {
  await anvil?.stop();
});

describe("waiting for a transfer's receipt", () => {
  it("behavior: another transaction at its nonce is an error; the same transfer repriced is its receipt", async () => {
    const chain = defineChain({
      id: 31337,
      name: "anvil",
      nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
      rpcUrls: { default: { http: [anvil.rpcUrl] } },
    });
    const account = privateKeyToAccount(devAccount(0).privateKey);
    const wallet = createWalletClient({ account, chain, transport: http(anvil.rpcUrl), pollingInterval: 50 }).extend(
      publicActions,
    );
    const test = createTestClient({ chain, mode: "anvil", transport: http(anvil.rpcUrl) });
    const [a, b] = [`0x${"a1".repeat(20)}`, `0x${"b2".repeat(20)}`] as const;
    await test.setAutomine(false);
    const nonce = await wallet.getTransactionCount({ address: account.address, blockTag: "pending" });
    const fees = { maxFeePerGas: parseGwei("20"), maxPriorityFeePerGas: parseGwei("1") };

    // Dropped, and its nonce taken by a payment to someone else.
    const dropped = await wallet.sendTransaction({ to: a, value: 1n, nonce, ...fees });
    const waiting = waitForReceipt(wallet, dropped).then(
      () => "resolved",
      (error: Error) => error.message,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    await test.dropTransaction({ hash: dropped });
    await wallet.sendTransaction({ to: b, value: 2n, nonce, ...fees });
    await test.mine({ blocks: 1 });
    // Before: "resolved", with the other payment's receipt, and the page said the transfer was sent.
    expect(await waiting).toBe(messages.wallet.transactionReplaced);

    // The same transfer sent again with a higher fee (a wallet's speed-up): its receipt is this transfer's.
    const slow: Hash = await wallet.sendTransaction({ to: a, value: 1n, nonce: nonce + 1, ...fees });
    const sped = waitForReceipt(wallet, slow);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const fast = await wallet.sendTransaction({
      to: a,
      value: 1n,
      nonce: nonce + 1,
      maxFeePerGas: parseGwei("40"),
      maxPriorityFeePerGas: parseGwei("3"),
    });
    await test.mine({ blocks: 1 });
    expect((await sped).transactionHash).toBe(fast);
  });
});
