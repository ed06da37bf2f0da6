import type { Browser, Page } from "playwright-core";
import { recoverMessageAddress, toHex } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "./harness/browser";
import { freshWallet, fundWallet } from "./harness/funding";
import { useSharedStack } from "./harness/shared-stack";
import type { E2EStack } from "./harness/stack";
import { TestWallet } from "./harness/test-wallet";

let stack: E2EStack;
let browser: Browser;
let page: Page;
let wallet: TestWallet;
// Wallets only this file uses, so balances on the shared chain move for this file's reasons alone.
const owner = freshWallet();
const recipient = freshWallet();
const other = freshWallet();

beforeAll(async () => {
  [stack, browser] = await Promise.all([useSharedStack(), launchBrowser()]);
  await fundWallet(stack, owner.address, { eth: "1" });
  page = await browser.newPage();
  wallet = await TestWallet.install(page, { rpcUrl: stack.rpcUrl, signer: owner.key });
  // A page without the app: the app itself reacts to wallet events (it asks to switch back to its chain),
  // and this file tests the wallet alone.
  await page.goto(`${stack.url}/api/health`);
});
afterAll(async () => {
  await browser?.close();
});

type Request = (args: { method: string; params?: unknown[] }) => Promise<unknown>;
const call = (method: string, params: unknown[] = []) =>
  page.evaluate(
    async ([m, p]) => {
      const eth = (window as unknown as { ethereum: { request: Request } }).ethereum;
      try {
        return { result: await eth.request({ method: m as string, params: p as unknown[] }) };
      } catch (e) {
        return { code: (e as { code: number }).code, message: (e as Error).message };
      }
    },
    [method, params] as const,
  );

describe("the injected test wallet behaves like a browser wallet on the real chain", () => {
  it("connects, reports the local chain and announces itself over EIP-6963", async () => {
    expect(await call("eth_accounts")).toEqual({ result: [] });
    expect(await call("eth_requestAccounts")).toEqual({ result: [owner.address] });
    expect(await call("eth_chainId")).toEqual({ result: "0x7a69" });
    const names = await page.evaluate(
      () =>
        new Promise<string[]>((resolve) => {
          const found: string[] = [];
          window.addEventListener("eip6963:announceProvider", (e) =>
            found.push((e as CustomEvent<{ info: { name: string } }>).detail.info.name),
          );
          window.dispatchEvent(new Event("eip6963:requestProvider"));
          setTimeout(() => resolve(found), 50);
        }),
    );
    expect(names).toContain("Test Wallet");
  });

  it("signs with the account's key (personal_sign) and can refuse with 4001", async () => {
    const message = "hello ClassCoin";
    const signed = await call("personal_sign", [toHex(message), owner.address]);
    const signer = await recoverMessageAddress({ message, signature: signed.result as `0x${string}` });
    expect(signer).toBe(owner.address);
    wallet.rejecting.add("personal_sign");
    expect(await call("personal_sign", [toHex(message), owner.address])).toMatchObject({ code: 4001 });
    wallet.rejecting.clear();
  });

  it("sends real transactions to anvil", async () => {
    const to = recipient.address;
    const before = BigInt((await call("eth_getBalance", [to, "latest"])).result as string);
    const sent = await call("eth_sendTransaction", [{ from: owner.address, to, value: "0x64" }]);
    expect(sent.result).toMatch(/^0x[0-9a-f]{64}$/);
    // As a dapp does: the hash comes back when anvil accepts the transaction, and even with automine the
    // block can land a moment later (seen in a CI run on a loaded machine: the balance still unchanged).
    let receipt: { status?: string } | null = null;
    for (let tries = 0; !receipt && tries < 100; tries++) {
      receipt = (await call("eth_getTransactionReceipt", [sent.result])).result as { status?: string } | null;
      if (!receipt) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(receipt?.status).toBe("0x1");
    const after = BigInt((await call("eth_getBalance", [to, "latest"])).result as string);
    expect(after - before).toBe(100n);
  });

  it("emits accountsChanged and chainChanged to the page", async () => {
    await page.evaluate(() => {
      const w = window as unknown as { ethereum: { on(e: string, f: (d: unknown) => void): void }; seen: unknown[] };
      w.seen = [];
      w.ethereum.on("accountsChanged", (d) => w.seen.push(["accounts", d]));
      w.ethereum.on("chainChanged", (d) => w.seen.push(["chain", d]));
    });
    await wallet.switchAccount(other.key);
    await wallet.switchChain(11155111);
    const seen = await page.evaluate(() => (window as unknown as { seen: unknown[] }).seen);
    expect(seen).toEqual([
      ["accounts", [other.address]],
      ["chain", "0xaa36a7"],
    ]);
    expect(await call("eth_chainId")).toEqual({ result: "0xaa36a7" });
  });
});
