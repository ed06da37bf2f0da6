/**
 * /bounties in Chromium against the real stack and its demo bounties (every state): open to visitors, the
 * wallet strip for a wallet without and with a profile, the cards, the count, loading and empty states.
 * It keeps a stack of its own: it counts every active bounty and then cancels them all for the empty state.
 */
import { devAccount } from "@classcoin/contracts/dev-accounts";
import type { Bounty } from "@classcoin/shared/entities";
import { messages } from "@classcoin/shared/messages";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoPeople } from "../apps/api/src/demo/community";
import { expectAccessible } from "./harness/accessibility";
import { adminPost } from "./harness/admin-calls";
import { launchBrowser, screenshot } from "./harness/browser";
import { connectWallet } from "./harness/connect";
import { fundWallet } from "./harness/funding";
import { openPage, PHONE } from "./harness/pages";
import { type E2EStack, startStack } from "./harness/stack";

let stack: E2EStack;
let browser: Browser;

beforeAll(async () => {
  [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

const card = (page: Page, title: string) => page.locator("article.bounty-card", { hasText: title });

describe("bounties page", () => {
  it("a visitor sees a connect prompt, the count of active bounties and every card's details", async () => {
    const { page, context } = await openPage(browser, stack, "/bounties", { wallet: false });
    await page.getByRole("heading", { level: 1, name: "Bounties" }).waitFor();
    await page.locator(".connect-prompt").getByRole("button", { name: messages.wallet.connectButton }).waitFor();
    // The demo's three bounties with status active, one of them crossed out: two are on offer.
    expect(await page.getByTestId("active-count").textContent()).toBe("2 active bounties");

    const mascot = card(page, "Design the class mascot");
    expect(await mascot.locator(".badge").textContent()).toBe("Active");
    expect(await mascot.locator(".badge").evaluate((e) => getComputedStyle(e).color)).toBe("rgb(21, 128, 61)");
    await mascot.getByText("Reward: 50 CC").waitFor();
    await mascot.getByText(/^Posted /).waitFor();
    await mascot.getByText("Contact your instructor to claim this bounty", { exact: false }).waitFor();

    const mural = card(page, "Paint a mural sketch for the hallway");
    expect(await mural.locator(".badge").textContent()).toBe("Completed");
    expect(await mural.locator(".badge").evaluate((e) => getComputedStyle(e).color)).toBe("rgb(29, 78, 216)");
    const completed = await mural.locator(".bounty-completed").textContent();
    // The demo's mural was completed by its second student, shown by name (as a completion with a student is).
    expect(completed).toMatch(new RegExp(`^Completed by ${demoPeople[1]?.name} on `));
    expect(await mural.getByText("Contact your instructor", { exact: false }).count()).toBe(0);

    const haiku = card(page, "Write a haiku about blockchains");
    expect(await haiku.locator(".badge").evaluate((e) => getComputedStyle(e).color)).toBe("rgb(185, 28, 28)");

    const wildlife = card(page, "Photograph campus wildlife");
    expect(await wildlife.evaluate((e) => e.classList.contains("crossed-out"))).toBe(true);
    expect(await wildlife.locator("h3").evaluate((e) => getComputedStyle(e).textDecorationLine)).toBe("line-through");

    await page.getByText("How bounties work").click();
    await page.getByText("contact your instructor to claim it", { exact: false }).waitFor();
    await expectAccessible(page);
    await screenshot(page, "bounties-visitor");
    await context.close();
  });

  it("shows a loading text until the bounties arrive", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    let release: () => void = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    await page.route("**/api/admin/public/bounties", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${stack.url}/bounties`);
    await page.getByText("Loading bounties...").waitFor();
    release();
    await page.getByTestId("active-count").waitFor();
    expect(await page.getByText("Loading bounties...").count()).toBe(0);
    await context.close();
  });

  it("a wallet without a profile sees its address, its balance and a Create Profile link", async () => {
    await fundWallet(stack, devAccount(8).address, { cc: "5" });
    const { page, context } = await openPage(browser, stack, "/bounties", { wallet: { signer: 8 } });
    await connectWallet(page);
    const strip = page.getByTestId("user-strip");
    await strip
      .getByText("0x23618e…")
      .or(strip.getByText(/^0x2361/))
      .first()
      .waitFor();
    await strip.getByTestId("strip-balance").filter({ hasText: "5 CC" }).waitFor();
    await strip.getByRole("link", { name: "Create Profile" }).waitFor();
    await expectAccessible(page);
    await screenshot(page, "bounties-no-profile");
    await context.close();
  });

  it("a profile holder sees their name and balance, without a Create Profile link (phone)", async () => {
    const { page, context } = await openPage(browser, stack, "/bounties", { wallet: { signer: 1 }, viewport: PHONE });
    await connectWallet(page);
    const strip = page.getByTestId("user-strip");
    await strip.getByText("Ava Chen").waitFor();
    await strip.getByTestId("strip-balance").filter({ hasText: /CC$/ }).waitFor();
    expect(await strip.getByRole("link", { name: "Create Profile" }).count()).toBe(0);
    await screenshot(page, "bounties-profile-phone");
    await context.close();
  });

  it("with no active bounty left, the empty state reads No Active Bounties", async () => {
    const bounties = (await (await fetch(`${stack.url}/api/admin/public/bounties`)).json()) as Bounty[];
    for (const b of bounties.filter((x) => x.status === "active")) {
      const res = await adminPost(stack, "/api/admin/bounties/update", {
        bountyId: b._id,
        title: b.title,
        description: b.description,
        reward: b.reward,
        status: "cancelled",
      });
      expect(res.status, await res.clone().text()).toBe(200);
    }
    const { page, context } = await openPage(browser, stack, "/bounties", { wallet: false });
    await page.getByRole("heading", { name: messages.bounties.empty }).waitFor();
    expect(await page.getByTestId("active-count").textContent()).toBe("0 active bounties");
    await screenshot(page, "bounties-empty");
    await context.close();
  });
});
