/**
 * The explorer's search box, Export CSV and holders list in Chromium against the shared stack (issue 18). A
 * visitor searches by name (one match, then several), by address and by transaction hash, exports the
 * filtered transactions and opens the holders; a student finds their own transfers and downloads them; the
 * admin exports a filter of every page. Its members are fresh wallets, so their rows are this file's own.
 */
import { readFileSync } from "node:fs";
import { classCoinAbi } from "@classcoin/contracts";
import { EXPLORER_PAGE_SIZE } from "@classcoin/shared/constants";
import type { ExplorerPage } from "@classcoin/shared/entities";
import { EXPLORER_CSV_COLUMNS, explorerSearchMessages, type HoldersPage } from "@classcoin/shared/explorer-tools";
import type { Browser, Page } from "playwright-core";
import { parseUnits } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible } from "./harness/accessibility";
import { launchBrowser, screenshot } from "./harness/browser";
import { connectWallet } from "./harness/connect";
import { chainClient, walletOn } from "./harness/funding";
import { createMember, type Member } from "./harness/members";
import { openPage, PHONE } from "./harness/pages";
import { useSharedStack } from "./harness/shared-stack";
import type { E2EStack } from "./harness/stack";

let stack: E2EStack;
let browser: Browser;
let quinn: Member;
let quentin: Member;
/** More transfers to Quinn than one page holds, so the export has to read past page 1. */
const QUINN_TRANSFERS = EXPLORER_PAGE_SIZE + 5;

async function api<T>(path: string): Promise<T> {
  return (await (await fetch(`${stack.url}${path}`)).json()) as T;
}

async function indexedFor(wallet: string, count: number): Promise<ExplorerPage> {
  for (let i = 0; i < 200; i++) {
    const page = await api<ExplorerPage>(`/api/explorer/transactions?wallet=${wallet}&limit=100`);
    if (page.transactions.length >= count) return page;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the indexer did not reach ${count} rows for ${wallet}`);
}

beforeAll(async () => {
  [stack, browser] = await Promise.all([useSharedStack(), launchBrowser()]);
  [quinn, quentin] = await Promise.all([
    createMember(stack, { name: "Quinn Searchable", cc: "40" }),
    createMember(stack, { name: "Quinn Tester", cc: "3" }),
  ]);
  // Quinn sends 1 CC to Quentin, one transaction at a time, enough for two pages of her transactions.
  const wallet = walletOn(stack, quinn.key);
  const client = chainClient(stack);
  for (let i = 0; i < QUINN_TRANSFERS; i++) {
    const hash = await wallet.writeContract({
      address: stack.tokenAddress,
      abi: classCoinAbi,
      functionName: "transfer",
      args: [quentin.wallet, parseUnits("1", 18)],
    });
    await client.waitForTransactionReceipt({ hash });
  }
  await indexedFor(quinn.wallet, QUINN_TRANSFERS + 1);
});
afterAll(async () => {
  await browser?.close();
});

const search = async (page: Page, q: string) => {
  await page.getByRole("searchbox", { name: "Search" }).fill(q);
  await page.getByRole("button", { name: "Search", exact: true }).click();
};
const rows = (page: Page) => page.getByTestId("tx-row");

async function download(page: Page): Promise<string[]> {
  const [file] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Export CSV" }).click(),
  ]);
  return readFileSync((await file.path()) ?? "", "utf8")
    .split("\r\n")
    .filter(Boolean);
}

describe("explorer search, export and holders", () => {
  it("a visitor searches by name, address and hash, exports the filter and looks at the holders", async () => {
    const { page, context } = await openPage(browser, stack, "/explorer", { wallet: false });

    // One name matching: straight to that wallet's transactions.
    await search(page, "quinn searchable");
    await page.waitForURL(new RegExp(`wallet=${quinn.wallet}`));
    await rows(page).first().waitFor();
    await expect.poll(() => page.getByLabel("Wallet", { exact: true }).inputValue()).toBe(quinn.wallet);
    await page.getByTestId("page-label").filter({ hasText: "Page 1 of 2" }).waitFor();

    // Export CSV: every row of the filter, not only the 25 shown.
    const lines = await download(page);
    expect(lines[0]).toBe(EXPLORER_CSV_COLUMNS.join(","));
    const all = await indexedFor(quinn.wallet, QUINN_TRANSFERS + 1);
    expect(lines.slice(1).map((l) => l.split(",")[0])).toEqual(all.transactions.map((t) => t._id));
    expect(lines.length - 1).toBeGreaterThan(EXPLORER_PAGE_SIZE);

    // Several names: a choice.
    await page.getByRole("button", { name: "Clear Filters" }).click();
    await search(page, "Quinn");
    await page.getByText("Several profiles match").waitFor();
    await page.getByRole("button", { name: "Quinn Tester" }).click();
    await page.waitForURL(new RegExp(`wallet=${quentin.wallet}`));

    // An address, and a transaction hash (the details dialog opens).
    await search(page, quinn.wallet.toUpperCase().replace("0X", "0x"));
    await page.waitForURL(new RegExp(`wallet=${quinn.wallet}`));
    const hash = all.transactions[0]!.txHash;
    await search(page, hash);
    const dialog = page.getByRole("dialog");
    await dialog.getByText(hash).waitFor();
    await dialog.getByRole("button", { name: "Close" }).click();

    // Nothing found says so.
    await search(page, "Nobody by this name");
    await page.getByRole("status").getByText(explorerSearchMessages.noProfile("Nobody by this name")).waitFor();
    // A right-to-left override typed in the search is echoed isolated: before, the rest of the sentence after it
    // read reversed ("No address, … matches "olleh.‮" or the like).
    const reversed = "\u202Eolleh";
    await search(page, reversed);
    const echoed = page.getByRole("status").locator("bdi");
    await echoed.waitFor();
    expect(await echoed.textContent()).toBe(reversed);
    expect(await echoed.evaluate((e) => getComputedStyle(e).unicodeBidi)).toBe("isolate");
    expect(await page.getByRole("status").textContent()).toBe(explorerSearchMessages.noProfile(reversed));
    await expectAccessible(page);
    await screenshot(page, "explorer-search");

    // Holders: largest first, Quinn with her balance and share; a holder leads to their transactions.
    await page.getByRole("button", { name: "Holders", exact: true }).click();
    await page.waitForURL(/view=holders/);
    await page.getByTestId("holder-row").first().waitFor();
    const holders = await api<HoldersPage>("/api/explorer/holders");
    expect(await page.getByTestId("holders-summary").textContent()).toContain(
      `${holders.holderCount.toLocaleString("en-US")} holders`,
    );
    const top = page.getByTestId("holder-row").first();
    expect(await top.locator("td").first().textContent()).toBe("1");
    await expectAccessible(page);
    await screenshot(page, "explorer-holders");
    let quinnRow = page.getByTestId("holder-row").filter({ hasText: "Quinn Searchable" });
    for (let i = 0; i < 20 && (await quinnRow.count()) === 0; i++) {
      await page.getByRole("navigation", { name: "Holder pages" }).getByRole("button", { name: "Next" }).click();
      quinnRow = page.getByTestId("holder-row").filter({ hasText: "Quinn Searchable" });
      await page.waitForTimeout(200);
    }
    expect(await quinnRow.locator("td").nth(2).textContent()).toBe(`${40 - QUINN_TRANSFERS} CC`);
    await quinnRow.getByRole("link").click();
    await page.waitForURL(new RegExp(`wallet=${quinn.wallet}`));
    expect(page.url()).not.toContain("view=holders");
    await rows(page).first().waitFor();
    await context.close();

    for (const [path, name] of [
      ["/explorer", "explorer-search-phone"],
      ["/explorer?view=holders", "explorer-holders-phone"],
    ] as const) {
      const phone = await openPage(browser, stack, path, { wallet: false, viewport: PHONE });
      await (path.includes("holders") ? phone.page.getByTestId("holder-row") : rows(phone.page)).first().waitFor();
      await expectAccessible(phone.page);
      await screenshot(phone.page, name);
      await phone.context.close();
    }
  });

  it("a student finds their own transfers by name and downloads them", async () => {
    const { page, context } = await openPage(browser, stack, "/explorer", { wallet: { signer: quentin.key } });
    await connectWallet(page);
    await search(page, "Quinn Tester");
    await page.waitForURL(new RegExp(`wallet=${quentin.wallet}`));
    await rows(page).first().waitFor();
    const lines = await download(page);
    // Funded once by the treasury, then Quinn's transfers.
    expect(lines.length - 1).toBe(QUINN_TRANSFERS + 1);
    expect(lines.slice(1).every((l) => l.includes(quentin.wallet))).toBe(true);
    await context.close();
  });

  it("the admin exports every page of a type filter", async () => {
    const { page, context } = await openPage(browser, stack, "/explorer?type=transfer", { wallet: { signer: 0 } });
    await connectWallet(page);
    await rows(page).first().waitFor();
    const before = await api<ExplorerPage>("/api/explorer/transactions?type=transfer&limit=1");
    const lines = await download(page);
    // Other files transfer meanwhile: at least the rows counted before the export, all of type transfer.
    expect(lines.length - 1).toBeGreaterThanOrEqual(before.pagination.total);
    expect(lines.slice(1).every((l) => l.split(",")[2] === "transfer")).toBe(true);
    await context.close();
  });
});
