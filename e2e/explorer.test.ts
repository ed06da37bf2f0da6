/**
 * /explorer in Chromium against the real stack, its indexer and a few hundred indexed transfers (one
 * `mintBatch` from the token owner to 300 fresh addresses): tiles, chart, paging, filters kept in the URL,
 * and the details dialog (copy, focus kept inside, Escape). It keeps a stack of its own: its tiles and page
 * counts are the chain's totals, which any other file's transfer would change.
 */
import { classCoinAbi } from "@classcoin/contracts";
import { devAccount } from "@classcoin/contracts/dev-accounts";
import type { ExplorerPage, ExplorerStats } from "@classcoin/shared/entities";
import { explorerSearchMessages } from "@classcoin/shared/explorer-tools";
import { messages } from "@classcoin/shared/messages";
import type { Browser, Page } from "playwright-core";
import { parseUnits } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible } from "./harness/accessibility";
import { readAlert } from "./harness/alerts";
import { launchBrowser, screenshot } from "./harness/browser";
import { chainClient, walletOn } from "./harness/funding";
import { openPage, PHONE } from "./harness/pages";
import { type E2EStack, startStack } from "./harness/stack";

const MINTED = 300;
let stack: E2EStack;
let browser: Browser;
let stats: ExplorerStats;

async function api<T>(path: string): Promise<T> {
  return (await (await fetch(`${stack.url}${path}`)).json()) as T;
}

beforeAll(async () => {
  [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
  const before = await api<ExplorerStats>("/api/explorer/stats");
  const recipients = Array.from({ length: MINTED }, () => privateKeyToAccount(generatePrivateKey()).address);
  const hash = await walletOn(stack).writeContract({
    address: stack.tokenAddress,
    abi: classCoinAbi,
    functionName: "mintBatch",
    args: [recipients, parseUnits("2", 18)],
  });
  await chainClient(stack).waitForTransactionReceipt({ hash });
  // The indexer inside the API picks the logs up on its own.
  for (let i = 0; i < 120; i++) {
    stats = await api<ExplorerStats>("/api/explorer/stats");
    if (stats.totalTransactions >= before.totalTransactions + MINTED) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  expect(stats.totalTransactions).toBeGreaterThanOrEqual(before.totalTransactions + MINTED);
});
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

const rows = (page: Page) => page.getByTestId("tx-row");
const tile = (page: Page, label: string) => page.locator(".stat-tile", { hasText: label }).locator("dd");
const cc = (n: number) => `${n.toLocaleString("en-US", { maximumFractionDigits: 4 })} CC`;

describe("explorer page", () => {
  it("shows the stat tiles, the 30-day chart and 25 rows a page with Previous and Next", async () => {
    const { page, context } = await openPage(browser, stack, "/explorer", { wallet: false });
    await page.getByRole("heading", { level: 1, name: "Explorer" }).waitFor();
    await tile(page, "Total transactions")
      .filter({ hasText: stats.totalTransactions.toLocaleString("en-US") })
      .waitFor();
    expect(await tile(page, "Total volume").textContent()).toBe(cc(stats.totalVolume));
    expect(await tile(page, "24h transactions").textContent()).toBe(stats.last24h.transactions.toLocaleString("en-US"));
    expect(await tile(page, "24h volume").textContent()).toBe(cc(stats.last24h.volume));
    const chart = page.getByTestId("daily-chart");
    expect(await chart.getAttribute("aria-label")).toContain(
      `${stats.last24h.transactions.toLocaleString("en-US")} transactions`,
    );
    expect(await chart.locator("rect.bar").count()).toBe(30);

    const pages = Math.ceil(stats.totalTransactions / 25);
    await page
      .getByTestId("page-label")
      .filter({ hasText: `Page 1 of ${pages}` })
      .waitFor();
    expect(await rows(page).count()).toBe(25);
    expect(await page.getByRole("button", { name: "Previous" }).isDisabled()).toBe(true);
    const firstPage = await rows(page).first().textContent();
    const status = rows(page).first().locator(".status");
    expect(await status.textContent()).toBe("completed");
    expect(await status.evaluate((e) => getComputedStyle(e).color)).toBe("rgb(21, 128, 61)");
    // Wallets as 0x1234…abcd with an identicon, or a profile's name and photo.
    expect(await rows(page).first().locator(".wallet-cell .mono").first().textContent()).toMatch(
      /^0x[0-9a-f]{4}…[0-9a-f]{4}$/,
    );
    await expectAccessible(page);
    await screenshot(page, "explorer-page-1");

    await page.getByRole("button", { name: "Next" }).click();
    await page.waitForURL(/\/explorer\?page=2$/);
    await page
      .getByTestId("page-label")
      .filter({ hasText: `Page 2 of ${pages}` })
      .waitFor();
    expect(await rows(page).count()).toBe(25);
    expect(await rows(page).first().textContent()).not.toBe(firstPage);
    await page.getByRole("button", { name: "Previous" }).click();
    await page
      .getByTestId("page-label")
      .filter({ hasText: `Page 1 of ${pages}` })
      .waitFor();
    expect(new URL(page.url()).search).toBe("");
    await context.close();
  });

  it("keeps the type, wallet and date filters in the URL, so a filtered view can be shared", async () => {
    const { page, context } = await openPage(browser, stack, "/explorer", { wallet: false });
    await rows(page).first().waitFor();
    await page.getByLabel("Type").selectOption("mint");
    await page.waitForURL(/\?type=mint$/);
    const mints = await api<ExplorerPage>("/api/explorer/transactions?type=mint&limit=25");
    await page
      .getByTestId("page-label")
      .filter({ hasText: `Page 1 of ${mints.pagination.total}` })
      .waitFor();
    expect(new Set(await rows(page).locator("td:first-child").allTextContents())).toEqual(new Set(["Mint"]));

    // A student's wallet: the demo's funding transfer reached them, no mint did.
    const ava = devAccount(1).address.toLowerCase();
    await page.getByLabel("Wallet").fill(ava);
    await page.getByLabel("Wallet").press("Enter");
    await page.waitForURL((url) => url.searchParams.get("wallet") === ava && url.searchParams.get("type") === "mint");
    await page.getByRole("heading", { name: "No transactions found" }).waitFor();
    await screenshot(page, "explorer-filtered-empty");

    await page.getByLabel("Type").selectOption("");
    await rows(page).first().waitFor();
    const avaRows = await rows(page).all();
    for (const row of avaRows) expect(await row.locator(`[title="${ava}"]`).count()).toBeGreaterThan(0);

    // The shared link opens the same view.
    const shared = page.url();
    const other = await context.newPage();
    await other.goto(shared);
    expect(await other.getByLabel("Wallet").inputValue()).toBe(ava);
    await rows(other).first().waitFor();
    expect(await rows(other).count()).toBe(avaRows.length);
    await other.close();

    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    await page.getByLabel("From date").fill(tomorrow);
    await page.waitForURL((url) => url.searchParams.get("from") === tomorrow);
    await page.getByRole("heading", { name: "No transactions found" }).waitFor();
    const today = new Date().toISOString().slice(0, 10);
    await page.getByLabel("From date").fill(today);
    await page.getByLabel("To date").fill(today);
    await rows(page).first().waitFor();

    await page.getByRole("button", { name: "Clear Filters" }).click();
    await page.waitForURL(/\/explorer$/);
    await expect.poll(() => page.getByLabel("Wallet").inputValue()).toBe("");
    await page.getByTestId("page-label").filter({ hasText: "Page 1 of" }).waitFor();
    expect(await rows(page).count()).toBe(25);
    await context.close();
  });

  it("the details dialog shows every field, copies full addresses, keeps focus inside and closes on Escape", async () => {
    const ava = devAccount(1).address.toLowerCase();
    const { page, context } = await openPage(browser, stack, `/explorer?wallet=${ava}`, { wallet: false });
    const view = rows(page).first().getByRole("button", { name: "View" });
    await view.click();
    const dialog = page.getByRole("dialog", { name: "Transaction details" });
    await dialog.waitFor();
    const { transactions } = await api<ExplorerPage>(`/api/explorer/transactions?wallet=${ava}&limit=1`);
    const tx = transactions[0];
    if (!tx) throw new Error("Ava has no transaction");
    await dialog.getByText(tx.txHash, { exact: true }).waitFor();
    await dialog.getByText(tx.fromWallet, { exact: true }).waitFor();
    await dialog.getByText(tx.toWallet, { exact: true }).waitFor();
    await dialog.getByText(cc(tx.amount), { exact: true }).waitFor();
    await dialog.getByText(tx.status, { exact: true }).waitFor();
    await dialog.getByText(String(tx.blockNumber), { exact: false }).first().waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Close");

    // Tab never leaves the dialog (the page behind is inert).
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => !!document.activeElement?.closest("dialog.tx-dialog"))).toBe(true);
    }

    // The funding transfer reached Ava before her profile existed: her address, no name.
    await dialog
      .getByRole("button", { name: /^Copy .* address$/ })
      .last()
      .click();
    expect((await readAlert(page)).text).toBe(messages.catalogue.copied);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(tx.toWallet);
    await screenshot(page, "explorer-details");

    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    expect(await view.evaluate((b) => b === document.activeElement)).toBe(true);

    await view.click();
    await dialog.getByRole("button", { name: "Close" }).click();
    await dialog.waitFor({ state: "detached" });
    await context.close();
  });

  it("shows a loading state until the page of transactions arrives, and a declined filter's reason", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    let release: () => void = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    await page.route("**/api/explorer/transactions?*", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${stack.url}/explorer`);
    await page.getByRole("status").filter({ hasText: "Loading transactions" }).waitFor();
    release();
    await rows(page).first().waitFor();
    expect(await page.getByRole("status").filter({ hasText: "Loading transactions" }).count()).toBe(0);

    // A part of an address is declined by the field itself, saying what it takes; the table stays (before: the
    // API's "Invalid request: wallet: …" in its place, and the filter in the URL).
    const asked: string[] = [];
    page.on("request", (request) => asked.push(request.url()));
    for (const typed of ["0x1234", "hello"]) {
      await page.getByLabel("Wallet").fill(typed);
      await page.getByLabel("Wallet").press("Enter");
      await page.getByRole("alert").filter({ hasText: explorerSearchMessages.walletFilter }).waitFor();
    }
    expect(await page.getByLabel("Wallet").getAttribute("aria-invalid")).toBe("true");
    expect(await rows(page).count()).toBeGreaterThan(0);
    expect(new URL(page.url()).searchParams.has("wallet")).toBe(false);
    expect(asked.filter((url) => url.includes("/api/explorer/transactions"))).toEqual([]);
    await screenshot(page, "explorer-wallet-filter-declined");
    // A whole address is applied and the message goes.
    await page.getByLabel("Wallet").fill(devAccount(1).address);
    await page.getByLabel("Wallet").press("Enter");
    await expect.poll(() => new URL(page.url()).searchParams.get("wallet")).toBe(devAccount(1).address);
    expect(await page.getByRole("alert").filter({ hasText: explorerSearchMessages.walletFilter }).count()).toBe(0);
    await context.close();
  });

  it("a tablet shows every transaction's Status and View on screen, not scrolled out of the table", async () => {
    // 820 px (a tablet held upright): the seven columns need about 970 px, so rows become cards, as on a phone.
    const TABLET = { width: 820, height: 1180 };
    const { page, context } = await openPage(browser, stack, "/explorer", { wallet: false, viewport: TABLET });
    await rows(page).first().waitFor();
    const box = await page
      .locator(".table-scroll")
      .evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(box.scroll).toBeLessThanOrEqual(box.client);
    const view = await rows(page).first().getByRole("button", { name: "View" }).boundingBox();
    expect(view).not.toBeNull();
    expect((view?.x ?? 0) + (view?.width ?? 0)).toBeLessThanOrEqual(TABLET.width);
    await screenshot(page, "explorer-tablet");
    await context.close();
  });

  it("a phone shows the table scrolled sideways and the dialog full width", async () => {
    const { page, context } = await openPage(browser, stack, "/explorer", { wallet: false, viewport: PHONE });
    await rows(page).first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, "explorer-phone");
    await rows(page).first().getByRole("button", { name: "View" }).click();
    await page.getByRole("dialog", { name: "Transaction details" }).waitFor();
    await screenshot(page, "explorer-phone-details");
    await context.close();
  });
});
