/**
 * The token wallet page (/wallet) in Chromium against the real stack: its four states, the connect flow,
 * the wallet's events, the transfer form's checks and real transfers on anvil. It keeps a stack of its own,
 * without the demo community: it checks exact balances of dev accounts, which the Dev wallet lists.
 */
import { classCoinAbi } from "@classcoin/contracts";
import { devAccount } from "@classcoin/contracts/dev-accounts";
import { messages } from "@classcoin/shared/messages";
import type { Browser, BrowserContext, Page, Route } from "playwright-core";
import {
  createPublicClient,
  createWalletClient,
  encodeAbiParameters,
  type Hash,
  http,
  keccak256,
  numberToHex,
  parseUnits,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { foundry } from "viem/chains";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, screenshot } from "./harness/browser";
import { fundWallet } from "./harness/funding";
import { type E2EStack, startStack } from "./harness/stack";
import { TestWallet, type TestWalletOptions } from "./harness/test-wallet";

const CHAIN_NAME = "Anvil"; // the local stack's configured chain name (apps/api/src/config.ts)
const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1024, height: 800 };

let stack: E2EStack;
let browser: Browser;
let chain: ReturnType<typeof createPublicClient>;
const contexts: BrowserContext[] = [];

const cc = (amount: string) => parseUnits(amount, 18);
const balanceOf = (address: `0x${string}`) =>
  chain.readContract({ address: stack.tokenAddress, abi: classCoinAbi, functionName: "balanceOf", args: [address] });

/** The treasury sends dev account `index` `amount` CC, like `npm run faucet`. */
const fund = (index: number, amount: string) => fundWallet(stack, devAccount(index).address, { cc: amount });

const anvilRpc = (method: string, params: unknown[] = []) =>
  chain.request({ method, params } as unknown as Parameters<typeof chain.request>[0]);

async function open(options: { wallet?: Partial<TestWalletOptions>; viewport?: typeof DESKTOP } = {}) {
  const context = await browser.newContext({ viewport: options.viewport ?? DESKTOP });
  contexts.push(context);
  const page = await context.newPage();
  const wallet = await TestWallet.install(page, { rpcUrl: stack.rpcUrl, ...options.wallet });
  await page.goto(`${stack.url}/wallet`);
  return { page, wallet };
}

async function openWithoutWallet(viewport = DESKTOP) {
  const context = await browser.newContext({ viewport });
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(`${stack.url}/wallet`);
  return page;
}

const connectButton = (page: Page) => page.getByRole("button", { name: messages.wallet.connectButton });
const tokenHeading = (page: Page) => page.getByRole("heading", { level: 1, name: "ClassCoin (CC)" });
const balanceText = (page: Page) => page.getByTestId("wallet-balance");

async function connect(page: Page) {
  await connectButton(page).click();
  await tokenHeading(page).waitFor();
  await balanceText(page).waitFor();
}

/** Waits for the app's alert dialog, returns its text and dismisses it with OK. */
async function takeAlert(page: Page): Promise<string> {
  const dialog = page.getByRole("alertdialog");
  await dialog.waitFor();
  const text = await dialog.locator("p").innerText();
  await dialog.getByRole("button", { name: "OK" }).click();
  await dialog.waitFor({ state: "detached" });
  return text;
}

async function waitForBalance(page: Page, text: string) {
  await page
    .getByTestId("wallet-balance")
    .filter({ hasText: new RegExp(`^${text}$`) })
    .waitFor();
}

async function transfer(page: Page, amount: string, recipient: string) {
  await page.getByLabel("Amount of CC").fill(amount);
  await page.getByLabel("Recipient address").fill(recipient);
  await page.getByRole("button", { name: "Transfer", exact: true }).click();
}

/**
 * Sends with mining held (`send`, which returns once the page shows the transfer pending), then empties
 * `owner`'s balance before the block: ERC-20 balances are the token's storage slot 0 mapping, so the
 * already-estimated transfer reverts on chain (receipt status 0). The balance is put back after.
 */
async function sendThenRevertOnChain(owner: `0x${string}`, send: () => Promise<void>) {
  const slot = keccak256(encodeAbiParameters([{ type: "address" }, { type: "uint256" }], [owner, 0n]));
  const saved = await chain.getStorageAt({ address: stack.tokenAddress, slot });
  await anvilRpc("evm_setAutomine", [false]);
  try {
    await send();
    await anvilRpc("anvil_setStorageAt", [stack.tokenAddress, slot, numberToHex(0, { size: 32 })]);
    await anvilRpc("evm_mine");
  } finally {
    await anvilRpc("evm_setAutomine", [true]);
    await anvilRpc("anvil_setStorageAt", [stack.tokenAddress, slot, saved]);
  }
}

/** Requests to the chain's RPC made by the page itself (reads; the test wallet's calls go through Node). */
const isRpc = (url: URL) => url.origin === new URL(stack.rpcUrl).origin;

beforeAll(async () => {
  [stack, browser] = await Promise.all([startStack({ SEED_DEMO: "false" }), launchBrowser()]);
  chain = createPublicClient({ chain: foundry, transport: http(stack.rpcUrl), pollingInterval: 50 });
  await fund(1, "100");
});
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

describe("state 1: no wallet detected", () => {
  it("asks to install MetaMask or Rabby, each a link, and offers the Dev wallet on the local chain", async () => {
    const page = await openWithoutWallet();
    const lead = page.locator("p").filter({ hasText: /^No Ethereum wallet was detected/ });
    await lead.waitFor();
    expect(await lead.innerText()).toBe("No Ethereum wallet was detected. Please install MetaMask or Rabby.");
    expect(await page.getByRole("link", { name: "MetaMask" }).getAttribute("href")).toBe(
      "https://metamask.io/download/",
    );
    expect(await page.getByRole("link", { name: "Rabby" }).getAttribute("href")).toBe("https://rabby.io/");
    expect(await page.getByRole("button", { name: "Use the Dev wallet" }).isVisible()).toBe(true);
    // The wallet page is not inside the platform's layout.
    expect(await page.getByRole("navigation", { name: "Main" }).count()).toBe(0);
    await screenshot(page, "wallet-no-wallet");

    const phone = await openWithoutWallet(PHONE);
    await phone.getByRole("button", { name: "Use the Dev wallet" }).waitFor();
    await screenshot(phone, "wallet-no-wallet-phone");
  });

  it("the Dev wallet connects an anvil account; with no CC it shows the faucet command, and survives a reload", async () => {
    const page = await openWithoutWallet();
    const account = devAccount(3).address;
    await page.getByLabel("Account", { exact: true }).selectOption(account);
    await page.getByRole("button", { name: "Use the Dev wallet" }).click();
    await page.getByText(messages.wallet.connectPrompt).waitFor();
    await connect(page);
    expect(await page.getByTestId("wallet-address").innerText()).toBe(account);
    expect(await balanceText(page).innerText()).toBe("0 CC");
    const notice = page.getByRole("region", { name: "No tokens" });
    expect(await notice.innerText()).toContain(messages.wallet.noTokens);
    // This stack runs on its own data folder and anvil port: the command says so, and is printed once.
    const command = `DATA_DIR=${stack.dataDir} ANVIL_PORT=${new URL(stack.rpcUrl).port} npm run faucet -- ${account}`;
    expect(await notice.locator("code").innerText()).toBe(command);
    expect(await page.getByText("npm run faucet --").count()).toBe(1);
    expect(await page.getByLabel("Amount of CC").count()).toBe(0);
    // The account list names each account by its short address, as Connect does (whole ones were cut off).
    const options = await page.getByLabel("Dev wallet account").locator("option").allInnerTexts();
    expect(options).toHaveLength(10);
    for (const option of options) expect(option).toMatch(/^Account \d( \(admin\))? · 0x[0-9a-fA-F]{4}…[0-9a-fA-F]{4}$/);
    await screenshot(page, "wallet-no-tokens");

    await page.reload();
    await connect(page);
    expect(await page.getByTestId("wallet-address").innerText()).toBe(account);

    // Funding the account shows the form without a reload (the balance is polled).
    await fund(3, "2");
    await page.getByLabel("Amount of CC").waitFor();
    expect(await balanceText(page).innerText()).toBe("2 CC");
  });
});

describe("state 2: not connected", () => {
  it("asks to connect and shows the Connect Wallet button", async () => {
    const { page, wallet } = await open();
    await page.getByText(messages.wallet.connectPrompt, { exact: true }).waitFor();
    expect(await connectButton(page).isVisible()).toBe(true);
    expect(wallet.calls).not.toContain("eth_requestAccounts");
    await screenshot(page, "wallet-not-connected");
  });

  it("a network error while loading the token shows a dismissible banner", async () => {
    const { page } = await open();
    await page.route(isRpc, (route) => route.abort("connectionrefused"));
    await connectButton(page).click();
    const banner = page.getByRole("alert").filter({ hasText: "Could not load the token" });
    await banner.waitFor();
    expect(await banner.innerText()).toContain(`Could not load the token from the ${CHAIN_NAME} network: `);
    expect(await connectButton(page).isVisible()).toBe(true);
    await screenshot(page, "wallet-network-error");
    await banner.getByRole("button", { name: "Dismiss" }).click();
    await banner.waitFor({ state: "detached" });
    await page.unroute(isRpc);
    await connect(page);
  });

  it("a connect request the wallet never answers leaves Connect Wallet enabled; a second click connects", async () => {
    const { page, wallet } = await open();
    wallet.unanswered.add("eth_requestAccounts");
    await connectButton(page).click();
    await expect.poll(() => wallet.calls.includes("eth_requestAccounts")).toBe(true);
    expect(await connectButton(page).isEnabled()).toBe(true);
    wallet.unanswered.clear();
    await connect(page);
    expect(wallet.calls.filter((call) => call === "eth_requestAccounts")).toHaveLength(2);
  });

  it("a failed switch to the configured chain alerts and stops connecting", async () => {
    const { page, wallet } = await open({ wallet: { chainId: 11155111 } });
    wallet.rejecting.add("wallet_switchEthereumChain");
    await connectButton(page).click();
    expect(await takeAlert(page)).toBe(messages.chain.switchWallet(CHAIN_NAME));
    expect(messages.chain.switchWallet("Sepolia")).toBe("Please switch to the Sepolia test network in MetaMask.");
    expect(wallet.calls.slice(0, 3)).toEqual(["eth_requestAccounts", "eth_chainId", "wallet_switchEthereumChain"]);
    expect(await connectButton(page).isVisible()).toBe(true);
  });

  it("a wallet on another chain is switched to the configured chain, then connected", async () => {
    const { page, wallet } = await open({ wallet: { chainId: 11155111 } });
    await connect(page);
    expect(wallet.chainId).toBe(31337);
    expect(await page.getByRole("alertdialog").count()).toBe(0);
  });
});

describe("state 3: connected, loading", () => {
  it("shows a full-screen spinner until the token data and balance arrive", async () => {
    const { page } = await open();
    // Hold the page's chain reads until the spinner has been seen.
    const held: Route[] = [];
    let released = false;
    await page.route(isRpc, (route) => (released ? route.continue() : void held.push(route)));
    await connectButton(page).click();
    const spinner = page.getByRole("status").filter({ hasText: "Loading the token and your balance" });
    await spinner.waitFor({ state: "attached" });
    await screenshot(page, "wallet-loading");
    released = true;
    for (const route of held.splice(0)) await route.continue();
    await tokenHeading(page).waitFor();
    expect(await spinner.count()).toBe(0);
  });
});

describe("state 4: connected", () => {
  it("shows the token, the address, the balance, the faucet link and the transfer form", async () => {
    const { page, wallet } = await open();
    await connect(page);
    expect(await page.getByTestId("wallet-address").innerText()).toBe(wallet.address);
    // Grouped as the platform writes amounts ("11,012 CC").
    const whole = Number((await balanceOf(wallet.address)) / 10n ** 18n);
    expect(await balanceText(page).innerText()).toBe(`${whole.toLocaleString("en-US")} CC`);
    const faucet = page.getByRole("link", { name: "GET SEPOLIA ETH" });
    expect(await faucet.getAttribute("href")).toBe("https://sepoliafaucet.com/");
    expect(await page.getByText(messages.wallet.faucetHint, { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText(`npm run faucet -- ${wallet.address}`).first().isVisible()).toBe(true);

    const amount = page.getByLabel("Amount of CC");
    expect(await amount.evaluate((e: HTMLInputElement) => [e.type, e.step, e.placeholder, e.required])).toEqual([
      "number",
      "1",
      "1",
      true,
    ]);
    const recipient = page.getByLabel("Recipient address");
    expect(await recipient.evaluate((e: HTMLInputElement) => [e.type, e.placeholder, e.required])).toEqual([
      "text",
      "0x...",
      true,
    ]);
    await screenshot(page, "wallet-connected");

    const phone = await open({ viewport: PHONE });
    await connect(phone.page);
    await screenshot(phone.page, "wallet-connected-phone");
    const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
  });

  it("alerts on an invalid recipient and on an amount that is not greater than 0", async () => {
    const { page, wallet } = await open();
    await connect(page);
    await transfer(page, "1", " 0x1234 ");
    const dialog = page.getByRole("alertdialog");
    await dialog.waitFor();
    await screenshot(page, "wallet-alert");
    // The alert takes the focus to its OK button and gives it back when dismissed.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("OK");
    expect(await takeAlert(page)).toBe("❌ Please enter a valid Ethereum address.");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Transfer");

    await transfer(page, "0", devAccount(5).address);
    expect(await takeAlert(page)).toBe("❌ Please enter a valid amount greater than 0.");
    await transfer(page, "-3", devAccount(5).address);
    await dialog.waitFor();
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    expect(wallet.calls).not.toContain("eth_sendTransaction");
  });

  it("sends a transfer: the pending notice shows the hash, then both balances change on chain", async () => {
    const { page, wallet } = await open();
    await connect(page);
    const recipient = devAccount(5).address;
    const [senderBefore, recipientBefore] = await Promise.all([balanceOf(wallet.address), balanceOf(recipient)]);
    await anvilRpc("evm_setAutomine", [false]);
    try {
      await transfer(page, " 7 ", ` ${recipient} `);
      const notice = page.getByRole("status").filter({ hasText: "Waiting for transaction" });
      await notice.waitFor();
      const hash = /0x[0-9a-f]{64}/.exec(await notice.innerText())?.[0] as Hash;
      expect(await notice.innerText()).toBe(messages.wallet.pendingTransaction(hash));
      expect(await page.getByRole("button", { name: "Transfer", exact: true }).isDisabled()).toBe(true);
      await screenshot(page, "wallet-pending");
      await anvilRpc("evm_mine");
      await notice.waitFor({ state: "detached" });
      const receipt = await chain.getTransactionReceipt({ hash });
      expect(receipt.status).toBe("success");
    } finally {
      await anvilRpc("evm_setAutomine", [true]);
    }
    expect(await balanceOf(wallet.address)).toBe(senderBefore - cc("7"));
    expect(await balanceOf(recipient)).toBe(recipientBefore + cc("7"));
    await waitForBalance(page, `${Number((senderBefore - cc("7")) / 10n ** 18n).toLocaleString("en-US")} CC`);
    expect(await page.getByRole("alert").count()).toBe(0);
  });

  it("a transfer the person rejects in the wallet (4001) changes nothing and shows no banner", async () => {
    const { page, wallet } = await open();
    await connect(page);
    const before = await balanceOf(wallet.address);
    wallet.rejecting.add("eth_sendTransaction");
    await transfer(page, "1", devAccount(6).address);
    await expect.poll(() => wallet.calls.includes("eth_sendTransaction")).toBe(true);
    // Let the rejection travel back to the page before looking for a banner.
    await page.waitForTimeout(500);
    expect(await page.getByRole("alert").count()).toBe(0);
    expect(await page.getByRole("status").filter({ hasText: "Waiting for transaction" }).count()).toBe(0);
    expect(await balanceOf(wallet.address)).toBe(before);
  });

  it("more than the balance is refused before the wallet is asked", async () => {
    const { page, wallet } = await open();
    await connect(page);
    const balance = await balanceOf(wallet.address);
    const sent = wallet.calls.length;
    await transfer(page, "5000000", devAccount(6).address);
    expect(await takeAlert(page)).toBe(
      `❌ Insufficient balance: you have ${Number(balance / 10n ** 18n).toLocaleString("en-US")} CC.`,
    );
    expect(wallet.calls.slice(sent).filter((m) => m === "eth_sendTransaction" || m === "eth_estimateGas")).toEqual([]);
  });

  it("a transfer the chain refuses shows the error banner, its custom error decoded into words", async () => {
    const { page, wallet } = await open();
    await connect(page);
    const logged: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") logged.push(message.text());
    });
    // A valid address the token refuses (OpenZeppelin's ERC20InvalidReceiver).
    const zero = "0x0000000000000000000000000000000000000000";
    await transfer(page, "1", zero);
    const banner = page.getByRole("alert").filter({ hasText: messages.wallet.sendErrorPrefix });
    await banner.waitFor();
    const text = await banner.locator("p").innerText();
    // The node's "custom error 0xec442f05" (OpenZeppelin's ERC20InvalidReceiver) in words, not cut mid-word.
    expect(text).toMatch(
      new RegExp(`^Error sending transaction: Invalid recipient: tokens cannot be sent to (${zero}|this address)$`),
    );
    expect(text.length - messages.wallet.sendErrorPrefix.length).toBeLessThanOrEqual(100);
    // The whole error still goes to the console for whoever debugs it.
    expect(logged.join("\n")).toContain("0xec442f05");
    await screenshot(page, "wallet-error-banner");

    // A new attempt clears the previous error; dismissing removes the banner.
    wallet.rejecting.add("eth_sendTransaction");
    const asked = wallet.calls.filter((call) => call === "eth_sendTransaction").length;
    await transfer(page, "1", devAccount(6).address);
    await banner.waitFor({ state: "detached" });
    // The wallet must have refused it before it stops refusing (on a loaded machine the page may still be
    // preparing the request: a CI run cleared the refusal first, and that transfer went through instead).
    await expect.poll(() => wallet.calls.filter((call) => call === "eth_sendTransaction").length).toBe(asked + 1);
    wallet.rejecting.clear();
    await page.getByRole("button", { name: "Transfer", exact: true }).and(page.locator(":enabled")).waitFor();
    await transfer(page, "1", zero);
    await banner.waitFor();
    await banner.getByRole("button", { name: "Dismiss" }).click();
    await banner.waitFor({ state: "detached" });
  });

  it("a transfer mined as reverted (receipt status 0) shows 'Transaction failed'", async () => {
    const { page, wallet } = await open();
    await connect(page);
    await sendThenRevertOnChain(wallet.address, async () => {
      await transfer(page, "1", devAccount(6).address);
      await page.getByRole("status").filter({ hasText: "Waiting for transaction" }).waitFor();
    });
    const banner = page.getByRole("alert").filter({ hasText: messages.wallet.sendErrorPrefix });
    await banner.waitFor();
    expect(await banner.locator("p").innerText()).toBe("Error sending transaction: Transaction failed");
    expect(await page.getByRole("status").filter({ hasText: "Waiting for transaction" }).count()).toBe(0);
  });
});

describe("a transfer still pending when the page is reloaded", () => {
  const pendingNotice = (page: Page) => page.getByRole("status").filter({ hasText: "Waiting for transaction" });

  /** Sends `amount` CC to `recipient` with mining held, reloads the page and connects again; returns the hash. */
  async function sendThenReload(page: Page, amount: string, recipient: string): Promise<Hash> {
    await transfer(page, amount, recipient);
    await pendingNotice(page).waitFor();
    const hash = /0x[0-9a-f]{64}/.exec(await pendingNotice(page).innerText())?.[0] as Hash;
    await page.reload();
    await connect(page);
    return hash;
  }

  it("is shown pending again with its hash, then mined: the balance changes, and it is forgotten", async () => {
    const { page, wallet } = await open();
    await connect(page);
    const recipient = devAccount(7).address;
    const before = await balanceOf(wallet.address);
    await anvilRpc("evm_setAutomine", [false]);
    try {
      const hash = await sendThenReload(page, "3", recipient);
      // Before: the reloaded page showed the form as if nothing were on its way, and the balance changed later.
      expect(await pendingNotice(page).innerText()).toBe(messages.wallet.pendingTransaction(hash));
      expect(await page.getByRole("button", { name: "Transfer", exact: true }).isDisabled()).toBe(true);
      await screenshot(page, "wallet-pending-after-reload");
      await anvilRpc("evm_mine");
      await pendingNotice(page).waitFor({ state: "detached" });
      expect((await chain.getTransactionReceipt({ hash })).status).toBe("success");
    } finally {
      await anvilRpc("evm_setAutomine", [true]);
    }
    await waitForBalance(page, `${Number((before - cc("3")) / 10n ** 18n).toLocaleString("en-US")} CC`);
    expect(await page.getByRole("alert").count()).toBe(0);
    // Shown as finished, it is forgotten: the next reload shows no pending transfer.
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.includes("pending-transfer")))).toEqual(
      [],
    );
    await page.reload();
    await connect(page);
    await page.getByRole("button", { name: "Transfer", exact: true }).and(page.locator(":enabled")).waitFor();
    expect(await pendingNotice(page).count()).toBe(0);
  });

  it("mined as reverted after the reload shows 'Transaction failed'", async () => {
    const { page, wallet } = await open();
    await connect(page);
    await sendThenRevertOnChain(wallet.address, async () => {
      await sendThenReload(page, "1", devAccount(7).address);
      await pendingNotice(page).waitFor();
    });
    const banner = page.getByRole("alert").filter({ hasText: messages.wallet.sendErrorPrefix });
    await banner.waitFor();
    expect(await banner.locator("p").innerText()).toBe("Error sending transaction: Transaction failed");
    expect(await pendingNotice(page).count()).toBe(0);
  });

  it("replaced after the reload by another transaction at its nonce says so, not pending for ever", async () => {
    const { page, wallet } = await open();
    await connect(page);
    const sender = createWalletClient({
      account: privateKeyToAccount(devAccount(1).privateKey),
      chain: foundry,
      transport: http(stack.rpcUrl),
    });
    expect(sender.account.address).toBe(wallet.address);
    await anvilRpc("evm_setAutomine", [false]);
    try {
      const hash = await sendThenReload(page, "1", devAccount(7).address);
      await pendingNotice(page).waitFor();
      const { nonce } = await chain.getTransaction({ hash });
      // Let the reloaded page see the transaction before the node drops it (as a wallet's cancel does).
      await page.waitForTimeout(1_000);
      await anvilRpc("anvil_dropTransaction", [hash]);
      await sender.sendTransaction({ to: devAccount(8).address, value: 1n, nonce });
      await anvilRpc("evm_mine");
    } finally {
      await anvilRpc("evm_setAutomine", [true]);
    }
    const banner = page.getByRole("alert").filter({ hasText: messages.wallet.sendErrorPrefix });
    await banner.waitFor();
    expect(await banner.locator("p").innerText()).toContain("The transfer was not mined");
    expect(await pendingNotice(page).count()).toBe(0);
  });
});

describe("the wallet's events", () => {
  it("accountsChanged re-initialises with the new account, and with none returns to the start", async () => {
    const { page, wallet } = await open();
    await connect(page);
    await wallet.switchAccount(4);
    await page
      .getByTestId("wallet-address")
      .filter({ hasText: devAccount(4).address })
      .waitFor();
    await waitForBalance(page, "0 CC");
    await wallet.disconnect();
    await page.getByText(messages.wallet.connectPrompt, { exact: true }).waitFor();
  });

  it("chainChanged to another chain alerts and resets; back to the configured chain reloads the token", async () => {
    const { page, wallet } = await open();
    await connect(page);
    await wallet.switchChain(11155111);
    expect(await takeAlert(page)).toBe(messages.chain.switchBack(CHAIN_NAME));
    expect(messages.chain.switchBack("Sepolia")).toBe("Please switch back to Sepolia network");
    await connectButton(page).waitFor();

    await connect(page); // switches the wallet back to the configured chain
    let nameReads = 0;
    await page.route(isRpc, (route) => {
      if (route.request().postData()?.includes("0x06fdde03")) nameReads++; // name()
      return route.continue();
    });
    await wallet.switchChain(31337);
    await expect.poll(() => nameReads).toBeGreaterThan(0);
    await tokenHeading(page).waitFor();
    await balanceText(page).waitFor();
    expect(await page.getByRole("alertdialog").count()).toBe(0);
  });
});
