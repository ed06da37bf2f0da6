/** Opening a page of the stack in a fresh browser context, with or without the injected test wallet. */
import type { Browser, BrowserContext, Page } from "playwright-core";
import type { E2EStack } from "./stack";
import { TestWallet, type TestWalletOptions } from "./test-wallet";

export const DESKTOP = { width: 1280, height: 860 };
export const PHONE = { width: 375, height: 760 };

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
