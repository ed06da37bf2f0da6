/**
 * The class's phones and keyboards across the platform: every main page at 375 px, signed out and signed in,
 * has no serious or critical axe violation, no skipped heading level and no sideways scrolling; and by
 * keyboard alone the focus can be seen, and Escape closes the connect dialog and the phone menu, handing
 * the focus back to what opened them. On the shared stack it signs in as a fresh member of its own and
 * changes nothing another file reads.
 */
import { messages } from "@classcoin/shared/messages";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible } from "./harness/accessibility";
import { launchBrowser, screenshot } from "./harness/browser";
import { connectWallet } from "./harness/connect";
import { createMember, type Member } from "./harness/members";
import { fewAtATime, openPage, settled } from "./harness/pages";
import { useSharedStack } from "./harness/shared-stack";
import type { E2EStack } from "./harness/stack";

/** The phone the class uses most (an iPhone SE's viewport). */
const PHONE = { width: 375, height: 667 };

const MAIN_ROUTES = [
  "/",
  "/profiles",
  "/projects",
  "/explorer",
  "/forum",
  "/bounties",
  "/feed",
  "/leaderboard",
  "/archive",
  "/admin",
];

let stack: E2EStack;
let browser: Browser;
let member: Member;

beforeAll(async () => {
  [stack, browser] = await Promise.all([useSharedStack(), launchBrowser()]);
  member = await createMember(stack, { name: "Ada Keyboard" });
});
afterAll(async () => {
  await browser?.close();
});

const banner = (page: Page) => page.getByRole("banner");

/** axe's serious and critical rules, plus its heading-order rule (moderate, but a screen reader's outline). */
async function expectAccessibleWithOutline(page: Page): Promise<void> {
  await expectAccessible(page);
  const skips = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(o: object): Promise<{ violations: AxeResult[] }> } }).axe;
    const result = await axe.run({ runOnly: ["heading-order"] });
    return result.violations.flatMap((v) => v.nodes.map((n) => n.target.join(" ")));
  });
  expect(skips, "headings that skip a level").toEqual([]);
}

interface AxeResult {
  nodes: { target: string[] }[];
}

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${page.url()} scrolls sideways`).toBeLessThanOrEqual(PHONE.width);
}

/** Presses Tab until the focus is on `name` in the header (at most 12 times), as a keyboard user gets there. */
async function tabTo(page: Page, name: string): Promise<void> {
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press("Tab");
    const focused = await page.evaluate(() => {
      const el = document.activeElement;
      return el?.closest("header") ? (el.textContent ?? "").trim() : "";
    });
    if (focused.endsWith(name)) return;
  }
  throw new Error(`Tab never reached "${name}" in the header`);
}

/** WCAG contrast ratio of two `rgb(…)` colours. */
function contrast(a: string, b: string): number {
  const luminance = (color: string) => {
    const [r, g, b] = (color.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((c) => {
      const s = Number(c) / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

describe("accessibility at phone width", () => {
  it("signed out, every main page passes axe, keeps its headings in order and fits 375 px", async () => {
    await fewAtATime([...MAIN_ROUTES, "/wallet"], async (path) => {
      const { page, context } = await openPage(browser, stack, path, { wallet: false, viewport: PHONE });
      try {
        await settled(page);
        await expectAccessibleWithOutline(page);
        await expectNoSidewaysScroll(page);
        // Every page says what it is to a screen reader (/wallet signed out had no h1: axe page-has-heading-one).
        expect(await page.getByRole("heading", { level: 1 }).count(), path).toBe(1);
      } finally {
        await context.close();
      }
    });
  });

  it("signed in, every main page passes axe, keeps its headings in order and fits 375 px", async () => {
    const { page, context } = await openPage(browser, stack, "/", { wallet: { signer: member.key }, viewport: PHONE });
    await connectWallet(page);
    await banner(page)
      .getByRole("button", { name: /^Notifications/ })
      .click();
    await page.getByRole("region", { name: "Notifications" }).getByRole("button", { name: "Sign in" }).click();
    await banner(page).getByRole("button", { name: "Sign out" }).waitFor();
    await page.keyboard.press("Escape");
    for (const path of MAIN_ROUTES) {
      await page.goto(`${stack.url}${path}`);
      await banner(page).getByRole("button", { name: "Sign out" }).waitFor();
      await settled(page);
      await expectAccessibleWithOutline(page);
      await expectNoSidewaysScroll(page);
    }
    await context.close();
  });

  it("with a post's comments open, the forum's headings stay in order", async () => {
    const { page, context } = await openPage(browser, stack, "/forum", { wallet: false, viewport: PHONE });
    const post = page.locator("article.post").first();
    await post.getByRole("button", { name: /^Comments/ }).click();
    await post.getByRole("region", { name: "Comments" }).waitFor();
    await settled(page);
    await expectAccessibleWithOutline(page);
    await expectNoSidewaysScroll(page);
    await context.close();
  });

  it("a form's list of errors stays a list a screen reader can count (the forum's composer, empty)", async () => {
    const { page, context } = await openPage(browser, stack, "/forum", {
      wallet: { signer: member.key },
      viewport: PHONE,
    });
    await connectWallet(page);
    await page.getByLabel("Write a post").fill("   ");
    await page.getByRole("button", { name: "Post", exact: true }).click();
    await page.getByRole("alert").getByRole("listitem").first().waitFor();
    await expectAccessibleWithOutline(page);
    await context.close();
  });
});

describe("by keyboard", () => {
  it("the focus is drawn in a colour that stands out from the page (3:1 or more)", async () => {
    const { page, context } = await openPage(browser, stack, "/forum", { wallet: false, viewport: PHONE });
    await page.getByRole("heading", { level: 1, name: "Forum" }).waitFor();
    await settled(page);
    await tabTo(page, messages.wallet.connectButton);
    const ring = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      const style = getComputedStyle(el);
      const header = getComputedStyle(el.closest("header") as HTMLElement);
      return {
        style: style.outlineStyle,
        width: Number.parseFloat(style.outlineWidth),
        color: style.outlineColor,
        background: header.backgroundColor,
      };
    });
    expect(ring.style).not.toBe("none");
    expect(ring.width).toBeGreaterThanOrEqual(2);
    expect(contrast(ring.color, ring.background)).toBeGreaterThanOrEqual(3);
    await screenshot(page, "a11y-focus-connect-button");
    await context.close();
  });

  it("Escape closes the connect dialog and the focus goes back to Connect Wallet", async () => {
    const { page, context } = await openPage(browser, stack, "/forum", { wallet: false, viewport: PHONE });
    await page.getByRole("heading", { level: 1, name: "Forum" }).waitFor();
    await settled(page);
    await tabTo(page, messages.wallet.connectButton);
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Connect a wallet" });
    await dialog.waitFor();
    await expectAccessible(page);
    await screenshot(page, "a11y-connect-dialog");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    const focused = await page.evaluate(() => ({
      inHeader: document.activeElement?.closest("header") !== null,
      text: document.activeElement?.textContent?.trim(),
    }));
    expect(focused).toEqual({ inHeader: true, text: messages.wallet.connectButton });
    await context.close();
  });

  it("Escape folds the phone menu and the focus goes back to its Menu button", async () => {
    const { page, context } = await openPage(browser, stack, "/", { wallet: false, viewport: PHONE });
    await page.getByRole("heading", { level: 1, name: "Welcome to ClassCoin" }).waitFor();
    const menu = page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Menu" });
    await tabTo(page, "Menu");
    await page.keyboard.press("Enter");
    expect(await menu.getAttribute("aria-expanded")).toBe("true");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Home");
    await page.keyboard.press("Escape");
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Home" })
      .waitFor({ state: "hidden" });
    expect(await menu.getAttribute("aria-expanded")).toBe("false");
    expect(await menu.evaluate((button) => button === document.activeElement)).toBe(true);
    await context.close();
  });
});
