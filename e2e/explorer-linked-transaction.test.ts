/**
 * `/explorer?tx=…` is a notification's link, and anyone can send someone a link. Only a transaction hash is
 * looked up: a crafted value made the page repeat its words as a search ("No address, transaction or profile
 * name matches "<any text up to 200 characters>"") or show the search's own validation error ("Invalid
 * request: q: Too big: expected string to have <=200 characters").
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "./harness/browser";
import { openPage } from "./harness/pages";
import { useSharedStack } from "./harness/shared-stack";
import type { E2EStack } from "./harness/stack";

let stack: E2EStack;
let browser: Browser;
beforeAll(async () => {
  [stack, browser] = await Promise.all([useSharedStack(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
});

const NOT_A_TRANSACTION = "That link does not name a ClassCoin transaction. Search for it above.";

describe("a link to the explorer that names no transaction hash", () => {
  it.each([
    ["words", "Your account is locked: send your CC to 0x1234 to unlock it"],
    ["markup", "<img src=x onerror=alert(1)>"],
    ["an over-long value", `0x${"ab".repeat(600)}`],
    ["a wallet address", "0x1234567890123456789012345678901234567890"],
  ])("(%s) says so in its own words, and repeats none of the link's", async (_, value) => {
    const { page, context } = await openPage(browser, stack, `/explorer?tx=${encodeURIComponent(value)}`, {
      wallet: false,
    });
    try {
      const notice = page.getByTestId("landing-notice");
      await notice.waitFor();
      expect(await notice.textContent()).toBe(NOT_A_TRANSACTION);
    } finally {
      await context.close();
    }
  });
});
