/**
 * A student who uses only the keyboard: what they open with Enter they can move through with Tab and
 * leave with Escape, and the focus is never lost to the page or the browser's own UI. On the shared stack
 * it signs in as a fresh member of its own and changes nothing another file reads.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { messages } from "@classcoin/shared/messages";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, screenshotsDir } from "./harness/browser";
import { CONNECTED, connectDevWallet, connectWallet } from "./harness/connect";
import { freshWallet, fundWallet } from "./harness/funding";
import { createMember, type Member } from "./harness/members";
import { openPage, settled } from "./harness/pages";
import { useSharedStack } from "./harness/shared-stack";
import type { E2EStack } from "./harness/stack";

let stack: E2EStack;
let browser: Browser;
let member: Member;

beforeAll(async () => {
  [stack, browser] = await Promise.all([useSharedStack(), launchBrowser()]);
  member = await createMember(stack, { name: "Kim Keys", cc: "5" });
});
afterAll(async () => {
  await browser?.close();
});

const banner = (page: Page) => page.getByRole("banner");

/** The focused element's name, and whether it is inside an open dialog. */
const focusNow = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return {
      name: !el || el === document.body ? "(the page)" : (el.getAttribute("aria-label") ?? el.textContent ?? "").trim(),
      inDialog: !!el?.closest("dialog[open]"),
    };
  });

/** Presses `key` `times` times and returns where the focus was after each press. */
async function pressAndTrack(page: Page, key: string, times: number) {
  const stops: { name: string; inDialog: boolean }[] = [];
  for (let i = 0; i < times; i++) {
    await page.keyboard.press(key);
    stops.push(await focusNow(page));
  }
  return stops;
}

/** /forum with the test wallet, and its connect dialog opened from the header with Enter. */
async function connectDialogByKeyboard() {
  const { page, context } = await openPage(browser, stack, "/forum", { wallet: { signer: member.key } });
  await page.getByRole("heading", { level: 1, name: "Forum" }).waitFor();
  await settled(page);
  await banner(page).getByRole("button", { name: messages.wallet.connectButton }).focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Connect a wallet" });
  await dialog.waitFor();
  return { page, context, dialog };
}

describe("dialogs by keyboard", () => {
  it("Tab and Shift+Tab go round the connect dialog and never leave it while it is open", async () => {
    const { page, context, dialog } = await connectDialogByKeyboard();
    const controls = await dialog.locator("button:not(:disabled), select, a[href]").count();
    const forward = await pressAndTrack(page, "Tab", controls + 2);
    expect(forward.filter((stop) => !stop.inDialog)).toEqual([]);
    const back = await pressAndTrack(page, "Shift+Tab", controls + 2);
    expect(back.filter((stop) => !stop.inDialog)).toEqual([]);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    expect(await focusNow(page)).toEqual({ name: messages.wallet.connectButton, inDialog: false });
    await context.close();
  });

  it("an alert keeps the focus on its OK button however often Tab is pressed, and Escape hands it back", async () => {
    const { page, context } = await openPage(browser, stack, "/projects", { wallet: { signer: member.key } });
    await connectWallet(page);
    await settled(page);
    const amount = page.getByPlaceholder("Amount (CC)").first();
    await amount.focus();
    await page.keyboard.type("999999");
    await page.keyboard.press("Enter");
    const alert = page.getByRole("alertdialog");
    await alert.waitFor();
    expect(await focusNow(page)).toEqual({ name: "OK", inDialog: true });
    expect(await pressAndTrack(page, "Tab", 3)).toEqual(Array(3).fill({ name: "OK", inDialog: true }));
    expect(await pressAndTrack(page, "Shift+Tab", 3)).toEqual(Array(3).fill({ name: "OK", inDialog: true }));
    await page.keyboard.press("Escape");
    await alert.waitFor({ state: "detached" });
    expect(await amount.evaluate((input) => input === document.activeElement)).toBe(true);
    await context.close();
  });
});

describe("the header's wallet strip by keyboard", () => {
  it("connecting and disconnecting keep the focus in the strip, on the button that took the pressed one's place", async () => {
    const { page, context, dialog } = await connectDialogByKeyboard();
    expect(await focusNow(page)).toEqual({ name: "Test Wallet", inDialog: true });
    await page.keyboard.press("Enter");
    await dialog.waitFor({ state: "detached" });
    const disconnect = banner(page).getByRole("button", { name: CONNECTED });
    await disconnect.waitFor();
    await expect.poll(() => focusNow(page)).toEqual({ name: "Disconnect", inDialog: false });
    await page.keyboard.press("Enter");
    const connect = banner(page).getByRole("button", { name: messages.wallet.connectButton });
    await connect.waitFor();
    await expect.poll(() => focusNow(page)).toEqual({ name: messages.wallet.connectButton, inDialog: false });
    await context.close();
  });
});

/** The focused field's label, whether it says it is invalid, and the text of what it is described by. */
const focusedField = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLTextAreaElement | null;
    const described = (el?.getAttribute("aria-describedby") ?? "")
      .split(" ")
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent?.trim() ?? "");
    return {
      label: el?.labels?.[0]?.textContent?.trim() ?? null,
      invalid: el?.getAttribute("aria-invalid") ?? null,
      described: described.join(" | "),
    };
  });

describe("forms by keyboard", () => {
  it("an empty post or comment sent with Enter puts the focus back in its text, marked invalid and tied to its error", async () => {
    const { page, context } = await openPage(browser, stack, "/forum", { wallet: { signer: member.key } });
    await connectWallet(page);
    await settled(page);
    await page.getByRole("button", { name: "Post", exact: true }).focus();
    await page.keyboard.press("Enter");
    await page.getByRole("alert").first().waitFor();
    const post = await focusedField(page);
    expect(post).toMatchObject({ label: "Write a post", invalid: "true" });
    expect(post.described).toContain(messages.post.empty);

    const first = page.locator("article.post").first();
    await first.getByRole("button", { name: /^Comments/ }).focus();
    await page.keyboard.press("Enter");
    const comments = first.getByRole("region", { name: "Comments" });
    await comments.waitFor();
    await comments.getByRole("button", { name: "Comment", exact: true }).focus();
    await page.keyboard.press("Enter");
    await comments.getByRole("alert").waitFor();
    const comment = await focusedField(page);
    expect(comment.invalid).toBe("true");
    expect(comment.described.length).toBeGreaterThan(0);
    await context.close();
  });
});

describe("the phone menu by keyboard (390 px)", () => {
  it("following a link from the open menu lands the focus on the new page's content, not on the page's body", async () => {
    const { page, context } = await openPage(browser, stack, "/", {
      wallet: false,
      viewport: { width: 390, height: 800 },
    });
    await page.getByRole("heading", { level: 1, name: "Welcome to ClassCoin" }).waitFor();
    const nav = page.getByRole("navigation", { name: "Main" });
    const menu = nav.getByRole("button", { name: "Menu" });
    await menu.focus();
    await page.keyboard.press("Enter");
    expect(await menu.getAttribute("aria-expanded")).toBe("true");
    const stops = await pressAndTrack(page, "Tab", 5);
    expect(stops.map((stop) => stop.name)).toEqual(["Home", "Profiles", "Projects", "Explorer", "Forum"]);
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { level: 1, name: "Forum" }).waitFor();
    await expect.poll(() => menu.getAttribute("aria-expanded")).toBe("false");
    const focus = await page.evaluate(() => ({
      onBody: document.activeElement === document.body,
      inMain: document.activeElement?.closest("main") !== null,
    }));
    expect(focus).toEqual({ onBody: false, inMain: true });
    // From there Tab goes on into the page, not back to the top of the header.
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.closest("main") !== null)).toBe(true);
    await context.close();
  });
});

describe("focus rings", () => {
  it("a date field shows the focus ring on each of its stops, its calendar button included (explorer's From)", async () => {
    const { page, context } = await openPage(browser, stack, "/explorer", { wallet: false });
    await settled(page);
    const from = page.locator('input[type="date"]').first();
    await from.focus();
    const rings: string[] = [];
    // Month, day, year, then the calendar button: the same <input> holds the focus throughout.
    for (let stop = 0; stop < 4; stop++) {
      if (stop > 0) await page.keyboard.press("Tab");
      rings.push(
        await from.evaluate((input) => {
          const style = getComputedStyle(input);
          return input === document.activeElement &&
            style.outlineStyle !== "none" &&
            Number.parseFloat(style.outlineWidth) >= 2
            ? "ring"
            : `no ring (${style.outlineStyle})`;
        }),
      );
    }
    mkdirSync(screenshotsDir, { recursive: true });
    const box = await from.boundingBox();
    if (!box) throw new Error("the From date field is not on screen");
    // The ring is drawn outside the field (outline-offset): take a margin round it.
    const clip = { x: box.x - 8, y: box.y - 8, width: box.width + 16, height: box.height + 16 };
    await page.screenshot({ path: join(screenshotsDir, "keyboard-date-calendar-focus.png"), clip });
    expect(rings).toEqual(["ring", "ring", "ring", "ring"]);
    await context.close();
  });
});

describe("the explorer's pages by keyboard", () => {
  it("Next and Previous keep the focus when the last or first page makes them unavailable, and the new page is announced", async () => {
    // 26 transfers to a wallet of its own: a filter on it gives two pages of 25.
    const { address } = freshWallet();
    for (let i = 0; i < 26; i++) await fundWallet(stack, address, { cc: "1" });
    const { page, context } = await openPage(browser, stack, `/explorer?wallet=${address}`, { wallet: false });
    const pages = page.getByRole("navigation", { name: "Pages" });
    await pages.getByText("Page 1 of 2").waitFor();
    await settled(page);
    await pages.getByRole("button", { name: "Next" }).focus();
    await page.keyboard.press("Enter");
    await pages.getByText("Page 2 of 2").waitFor();
    await settled(page);
    expect(await focusNow(page)).toEqual({ name: "Next", inDialog: false });
    expect(await pages.getByText("Page 2 of 2").getAttribute("aria-live")).toBe("polite");
    // Next is unavailable now, and says so, but pressing it again does nothing.
    await page.keyboard.press("Enter");
    await settled(page);
    await pages.getByText("Page 2 of 2").waitFor();
    expect(await pages.getByRole("button", { name: "Next" }).isDisabled()).toBe(true);
    await page.keyboard.press("Shift+Tab");
    expect(await focusNow(page)).toEqual({ name: "Previous", inDialog: false });
    await page.keyboard.press("Enter");
    await pages.getByText("Page 1 of 2").waitFor();
    await settled(page);
    expect(await focusNow(page)).toEqual({ name: "Previous", inDialog: false });
    await context.close();
  });
});

describe("the admin page by keyboard", () => {
  it("Tab from the selected tab reaches its panel, the Dashboard's too (it has no control of its own)", async () => {
    const { page, context } = await openPage(browser, stack, "/admin", { wallet: false });
    await connectDevWallet(page, 0);
    await settled(page);
    await page.getByRole("tab", { name: "Profiles" }).focus();
    await page.keyboard.press("Home");
    expect(await focusNow(page)).toMatchObject({ name: "Dashboard" });
    await page.keyboard.press("Tab");
    const focused = await page.evaluate(() => ({
      role: document.activeElement?.getAttribute("role") ?? null,
      inPanel: document.activeElement?.closest('[role="tabpanel"]') !== null,
    }));
    expect(focused).toEqual({ role: "tabpanel", inPanel: true });
    await context.close();
  });
});
