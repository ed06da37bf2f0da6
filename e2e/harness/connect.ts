/** Connecting a wallet the way a person does: the header's Connect Wallet button and the connect dialog. */
import { devAccount } from "@classcoin/contracts/dev-accounts";
import { messages } from "@classcoin/shared/messages";
import type { Page } from "playwright-core";

/** The header's button once a wallet is connected: Sign out with a session, Disconnect without. */
export const CONNECTED = /^(Sign out|Disconnect)$/;

/** Header → Connect Wallet → the named wallet in the connect dialog. */
export async function connectWallet(page: Page, walletName = "Test Wallet"): Promise<void> {
  await page.getByRole("banner").getByRole("button", { name: messages.wallet.connectButton }).click();
  await page.getByRole("dialog", { name: "Connect a wallet" }).getByRole("button", { name: walletName }).click();
  await page.getByRole("banner").getByRole("button", { name: CONNECTED }).waitFor();
}

/** Header → Connect Wallet → Dev wallet with anvil dev account `index` (the dialog lists accounts 0-9). */
export async function connectDevWallet(page: Page, index: number): Promise<void> {
  await page.getByRole("banner").getByRole("button", { name: messages.wallet.connectButton }).click();
  const dialog = page.getByRole("dialog", { name: "Connect a wallet" });
  await dialog.getByLabel("Dev account").selectOption(devAccount(index).address);
  await dialog.getByRole("button", { name: "Use Dev wallet" }).click();
  await page.getByRole("banner").getByRole("button", { name: CONNECTED }).waitFor();
}
