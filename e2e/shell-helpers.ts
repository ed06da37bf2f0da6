/**
 * Shared steps of the platform's end-to-end tests (shell, home, profiles, forum, bounties): open a page with
 * or without the injected test wallet, connect like a person, fund accounts from the treasury, sign admin
 * calls, and check accessibility with axe-core.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { classCoinAbi } from "@classcoin/contracts";
import { devAccount } from "@classcoin/contracts/dev-accounts";
import { adminAction, buildAdminMessage } from "@classcoin/shared/admin";
import { messages } from "@classcoin/shared/messages";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { createPublicClient, createWalletClient, http, parseUnits } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { foundry } from "viem/chains";
import { expect } from "vitest";
import type { E2EStack } from "./harness/stack";
import { TestWallet, type TestWalletOptions } from "./harness/test-wallet";

export const DESKTOP = { width: 1280, height: 860 };
export const PHONE = { width: 375, height: 760 };
export const CHAIN_NAME = "Anvil"; // the local stack's chain name (apps/api/src/config.ts)

export interface Opened {
  context: BrowserContext;
  page: Page;
  wallet: TestWallet | null;
}

/** A fresh browser context (own cookies and storage) on `path`, with the test wallet unless `wallet: false`. */
export async function openPage(
  browser: Browser,
  stack: E2EStack,
  path: string,
  options: { wallet?: Partial<TestWalletOptions> | false; viewport?: typeof DESKTOP } = {},
): Promise<Opened> {
  const context = await browser.newContext({
    viewport: options.viewport ?? DESKTOP,
    permissions: ["clipboard-read", "clipboard-write"],
  });
  const page = await context.newPage();
  page.on("pageerror", (error) => console.error(`[page error] ${error.message}`));
  const wallet =
    options.wallet === false ? null : await TestWallet.install(page, { rpcUrl: stack.rpcUrl, ...options.wallet });
  await page.goto(`${stack.url}${path}`);
  return { context, page, wallet };
}

/** Header → Connect Wallet → the named wallet in the connect dialog. */
export async function connectWallet(page: Page, walletName = "Test Wallet"): Promise<void> {
  await page.getByRole("banner").getByRole("button", { name: messages.wallet.connectButton }).click();
  await page.getByRole("dialog", { name: "Connect a wallet" }).getByRole("button", { name: walletName }).click();
  await page.getByRole("banner").getByRole("button", { name: "Sign out" }).waitFor();
}

/** Header → Connect Wallet → Dev wallet with dev account `index`. */
export async function connectDevWallet(page: Page, index: number): Promise<void> {
  await page.getByRole("banner").getByRole("button", { name: messages.wallet.connectButton }).click();
  const dialog = page.getByRole("dialog", { name: "Connect a wallet" });
  await dialog.getByLabel("Dev account").selectOption(devAccount(index).address);
  await dialog.getByRole("button", { name: "Use Dev wallet" }).click();
  await page.getByRole("banner").getByRole("button", { name: "Sign out" }).waitFor();
}

/** The open alert dialog's text; dismisses it with OK. */
export async function readAlert(page: Page): Promise<{ title: string | null; text: string }> {
  const dialog = page.getByRole("alertdialog");
  await dialog.waitFor();
  const text = (await dialog.locator(".alert-dialog-text").textContent()) ?? "";
  const title = (await dialog.locator(".alert-dialog-title").count())
    ? await dialog.locator(".alert-dialog-title").textContent()
    : null;
  await dialog.getByRole("button", { name: "OK" }).click();
  await dialog.waitFor({ state: "detached" });
  return { title, text };
}

export function chainClient(stack: E2EStack) {
  return createPublicClient({ chain: foundry, transport: http(stack.rpcUrl) });
}

/** The treasury (anvil account 0, which holds the initial supply) sends `amount` CC, like `npm run faucet`. */
export async function fundCc(stack: E2EStack, to: `0x${string}`, amount: string): Promise<void> {
  const treasury = createWalletClient({
    account: privateKeyToAccount(devAccount(0).privateKey),
    chain: foundry,
    transport: http(stack.rpcUrl),
  });
  const hash = await treasury.writeContract({
    address: stack.tokenAddress,
    abi: classCoinAbi,
    functionName: "transfer",
    args: [to, parseUnits(amount, 18)],
  });
  await chainClient(stack).waitForTransactionReceipt({ hash });
}

/** An admin POST signed by dev account 0 (the local admin), per spec §7. */
export async function adminPost(stack: E2EStack, path: string, body: Record<string, unknown>): Promise<Response> {
  const admin = privateKeyToAccount(devAccount(0).privateKey);
  const message = buildAdminMessage({ action: adminAction("POST", path), wallet: admin.address, extras: body });
  const signature = await admin.signMessage({ message });
  return fetch(`${stack.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ ...body, adminWallet: admin.address.toLowerCase(), message, signature }),
  });
}

const require = createRequire(import.meta.url);
let axeScript: string | null = null;
const axeSource = () => {
  axeScript ??= readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");
  return axeScript;
};

/** Runs axe-core on the page; fails on serious or critical violations, naming them. */
export async function expectAccessible(page: Page): Promise<void> {
  if (!(await page.evaluate(() => "axe" in window))) {
    // Evaluated over the DevTools protocol rather than added as a <script>: the app's Content Security
    // Policy (rightly) refuses inline scripts, and the test must not weaken it.
    await page.evaluate(axeSource());
  }
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(): Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run();
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 3).map((n) => n.target.join(" ")),
    }));
  });
  expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
}

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}
