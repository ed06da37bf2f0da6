/**
 * /explorer's date filters in a visitor's own time zone: the table shows each transfer's time on the
 * visitor's clock, so From date and To date are days on that clock too. In Kiritimati (UTC+14) a transfer
 * shown on "Nov 28" was found by Nov 27 (its UTC day) and "No transactions found" for Nov 28; one of
 * Kiritimati and Etc/GMT+12 (UTC−12) is on another date than UTC at any time of the day.
 */
import type { ExplorerPage } from "@classcoin/shared/entities";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, screenshot } from "./harness/browser";
import { freshWallet, fundWallet } from "./harness/funding";
import { DESKTOP } from "./harness/pages";
import { useSharedStack } from "./harness/shared-stack";
import type { E2EStack } from "./harness/stack";

let stack: E2EStack;
let browser: Browser;
const receiver = freshWallet().address.toLowerCase();
let time: string;

beforeAll(async () => {
  [stack, browser] = await Promise.all([useSharedStack(), launchBrowser()]);
  await fundWallet(stack, receiver as `0x${string}`, { cc: "3" });
  // The indexer inside the API picks the transfer up on its own.
  for (let i = 0; i < 120 && !time; i++) {
    const page = (await (
      await fetch(`${stack.url}/api/explorer/transactions?wallet=${receiver}`)
    ).json()) as ExplorerPage;
    time = page.transactions[0]?.timestamp ?? "";
    if (!time) await new Promise((r) => setTimeout(r, 250));
  }
  expect(time).not.toBe("");
});
afterAll(async () => {
  await browser?.close();
});

describe("explorer date filters", () => {
  it.each([
    "Pacific/Kiritimati",
    "Etc/GMT+12",
  ])("in %s, From date and To date set to the day the table shows a transfer on list that transfer", async (timezoneId) => {
    const context = await browser.newContext({ viewport: DESKTOP, timezoneId });
    const page = await context.newPage();
    await page.goto(`${stack.url}/explorer?wallet=${receiver}`);
    const row = page.getByTestId("tx-row");
    await row.first().waitFor();
    const day = new Date(time).toLocaleDateString("en-CA", { timeZone: timezoneId });
    const shown = new Date(time).toLocaleDateString("en-US", { timeZone: timezoneId, month: "short", day: "numeric" });
    expect(await row.first().textContent()).toContain(shown);

    // The filters as the form puts them in the URL; opened afresh, the first rows shown are the filtered ones.
    await page.getByLabel("From date").fill(day);
    await page.getByLabel("To date").fill(day);
    await page.waitForURL((url) => url.searchParams.get("from") === day && url.searchParams.get("to") === day);
    await page.reload();
    const none = page.getByRole("heading", { name: "No transactions found" });
    await row.or(none).first().waitFor();
    expect(await none.count()).toBe(0);
    expect(await row.count()).toBe(1);
    expect(await row.first().textContent()).toContain(shown);
    await screenshot(page, `explorer-date-filter-${timezoneId.replace("/", "-")}`);
    await context.close();
  });

  it("the Last 30 days chart counts the days of the visitor's calendar, today last", async () => {
    const timezoneId = "Pacific/Kiritimati";
    const context = await browser.newContext({ viewport: DESKTOP, timezoneId });
    const page = await context.newPage();
    const asked = page.waitForRequest((request) => new URL(request.url()).pathname === "/api/explorer/daily");
    await page.goto(`${stack.url}/explorer`);
    // Before, the chart's days were UTC days: in Kiritimati its last bar was yesterday for 14 hours a day.
    expect(new URL((await asked).url()).searchParams.get("tz")).toBe(timezoneId);
    const bars = page.getByTestId("daily-chart").locator("rect.bar title");
    await bars.first().waitFor({ state: "attached" });
    const today = new Date().toLocaleDateString("en-CA", { timeZone: timezoneId });
    expect(await bars.last().textContent()).toMatch(new RegExp(`^${today}: `));
    await context.close();
  });
});
