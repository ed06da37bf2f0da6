import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, screenshot } from "./harness/browser";
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

describe("smoke: the app starts and shows the platform", () => {
  it("opens / and shows the top navigation", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(stack.url);
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const label of ["Home", "Profiles", "Projects", "Explorer", "Forum", "Bounties"]) {
      await nav.getByRole("link", { name: label, exact: true }).waitFor({ state: "visible", timeout: 10_000 });
    }
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toContain("ClassCoin");
    // The admin link is for the admin wallet only; a visitor has none.
    expect(await nav.getByRole("link", { name: "Admin" }).count()).toBe(0);
    await screenshot(page, "smoke-home");
    await page.close();
  });

  it("the API it serves reads the live chain", async () => {
    const health = await (await fetch(`${stack.url}/api/health`)).json();
    expect(health).toMatchObject({ ok: true, chainId: 31337, tokenAddress: stack.tokenAddress.toLowerCase() });
  });
});
