/**
 * The home page when the API cannot be reached for the forum and the bounties: each panel says so, with the
 * forum's and the bounties' own words, instead of a heading over nothing (the panels were blank, as if the
 * class had no posts and no bounties but without saying even that).
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, screenshot } from "./harness/browser";
import { DESKTOP } from "./harness/pages";
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

describe("home page", () => {
  it("says the posts and the bounties could not be loaded when the network fails for them", async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await page.route(/\/api\/(posts|admin\/public\/bounties)(\?|$)/, (route) => route.abort("internetdisconnected"));
    await page.goto(`${stack.url}/`);
    const posts = page.getByRole("region", { name: "Latest in the forum" });
    const bounties = page.getByRole("region", { name: "Open bounties" });
    await posts.getByText("The posts could not be loaded. Please reload the page.").waitFor();
    await bounties.getByText("The bounties could not be loaded. Please reload the page.").waitFor();
    expect(await posts.getByText("Loading posts...").count()).toBe(0);
    expect(await bounties.getByText("Loading bounties...").count()).toBe(0);
    await screenshot(page, "home-outage");
    await context.close();
  });
});
