/**
 * /profiles in Chromium against the real stack (demo community on): the visitor grid with Copy, the form's
 * states and every validation message, the spec's save errors (server validation, whitelist, signature,
 * network), creating and editing a profile. It keeps a stack of its own: it counts every profile and turns
 * whitelist mode on, which would refuse other files' new profiles.
 */

import { devAccount } from "@classcoin/contracts/dev-accounts";
import { messages } from "@classcoin/shared/messages";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible } from "./harness/accessibility";
import { adminPost } from "./harness/admin-calls";
import { readAlert } from "./harness/alerts";
import { launchBrowser, screenshot } from "./harness/browser";
import { connectWallet } from "./harness/connect";
import { fundWallet } from "./harness/funding";
import { imageLoaded, openPage, PHONE } from "./harness/pages";
import { solidPng } from "./harness/solid-png";
import { type E2EStack, startStack } from "./harness/stack";

let stack: E2EStack;
let browser: Browser;

beforeAll(async () => {
  [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
  // One after the other: both come from the treasury, and its nonces must not race.
  await fundWallet(stack, devAccount(7).address, { cc: "5" });
  await fundWallet(stack, devAccount(8).address, { cc: "3" });
});
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

const form = (page: Page) => page.getByRole("form", { name: /profile/i });
const saveButton = (page: Page) => page.getByRole("button", { name: "Save Profile" });
const photoInput = (page: Page) => page.getByLabel("Photo");

async function fillProfile(page: Page, name: string, birthday: string, starSign: string) {
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Birthday").fill(birthday);
  await page.getByLabel("Star sign").selectOption(starSign);
}

describe("profiles page", () => {
  it("a visitor sees a connect prompt and the community, and can copy a wallet address", async () => {
    const { page, context } = await openPage(browser, stack, "/profiles", { wallet: false });
    await page.locator(".connect-prompt").getByRole("button", { name: messages.wallet.connectButton }).waitFor();
    const cards = page.locator("article.profile-card");
    await cards.first().waitFor();
    expect(await cards.count()).toBe(6);
    const ava = cards.filter({ hasText: "Ava Chen" });
    await ava.getByText("Aries").waitFor();
    await ava.getByText(devAccount(1).address.toLowerCase()).waitFor();
    await ava.getByText(/^Joined /).waitFor();
    expect(await ava.locator("img.avatar").getAttribute("src")).toMatch(/^\/api\/profiles\/photo\//);
    await imageLoaded(ava.locator("img.avatar"));

    await ava.getByRole("button", { name: "Copy wallet address of Ava Chen" }).click();
    expect((await readAlert(page)).text).toBe(messages.catalogue.copied);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(devAccount(1).address.toLowerCase());
    await expectAccessible(page);
    await screenshot(page, "profiles-visitor");
    await context.close();
  });

  it("copies with the fallback method when the Clipboard API is missing", async () => {
    const context = await browser.newContext();
    await context.addInitScript(() => Object.defineProperty(navigator, "clipboard", { value: undefined }));
    const page = await context.newPage();
    await page.goto(`${stack.url}/profiles`);
    await page
      .locator("article.profile-card")
      .first()
      .getByRole("button", { name: /^Copy wallet address/ })
      .click();
    expect((await readAlert(page)).text).toBe(messages.catalogue.copied);
    await context.close();
  });

  it("a wallet with no profile and no ClassCoin sees the form disabled and why", async () => {
    const { page, context } = await openPage(browser, stack, "/profiles", { wallet: { signer: 9 } });
    await connectWallet(page);
    await page.getByText(messages.profile.balance).waitFor();
    expect(await saveButton(page).isDisabled()).toBe(true);
    expect(await page.getByLabel("Name", { exact: true }).isDisabled()).toBe(true);
    // Everyone's profiles are still listed.
    expect(await page.locator("article.profile-card").count()).toBe(6);
    await screenshot(page, "profiles-no-coins");
    await context.close();
  });

  it("the form shows every field and photo rule, the server's errors, a refused signature, then creates and edits", async () => {
    const { page, context, wallet } = await openPage(browser, stack, "/profiles", { wallet: { signer: 7 } });
    await connectWallet(page);
    await saveButton(page).waitFor();
    await page.waitForFunction(() => !document.querySelector("fieldset")?.disabled);

    // Every field rule at once.
    await saveButton(page).click();
    await form(page).getByText(messages.profile.name).waitFor();
    await form(page).getByText(messages.profile.birthday).waitFor();
    await form(page).getByText(messages.profile.starSign).waitFor();
    await expectAccessible(page);
    await screenshot(page, "profiles-form-errors");
    await page.getByLabel("Name", { exact: true }).fill("x".repeat(51));
    await saveButton(page).click();
    await form(page).getByText(messages.profile.name).waitFor();

    // Photo rules, checked on choosing the file.
    await photoInput(page).setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hi") });
    await form(page).getByText(messages.photo.notImage).waitFor();
    await photoInput(page).setInputFiles({ name: "scan.bmp", mimeType: "image/bmp", buffer: Buffer.from("BM") });
    await form(page).getByText(messages.photo.badType).waitFor();
    await photoInput(page).setInputFiles({
      name: "huge.png",
      mimeType: "image/png",
      buffer: Buffer.alloc(5_242_881, 1),
    });
    await form(page).getByText(messages.photo.tooLarge).waitFor();
    await photoInput(page).setInputFiles([]);
    await fillProfile(page, "Gabriel Test", "2008-04-01", "Taurus");

    // A refused sign-in signature.
    wallet?.rejecting.add("personal_sign");
    await saveButton(page).click();
    expect((await readAlert(page)).text).toBe(messages.catalogue.signature);
    wallet?.rejecting.clear();

    // A network failure (after signing in: the sign-in itself goes through).
    await page.route("**/api/profiles", (route) =>
      route.request().method() === "POST" ? route.abort("internetdisconnected") : route.continue(),
    );
    await saveButton(page).click();
    expect((await readAlert(page)).text).toBe(messages.catalogue.network);
    await page.unroute("**/api/profiles");

    // A file the browser cannot preview only warns; the server then refuses its bytes.
    await photoInput(page).setInputFiles({ name: "broken.png", mimeType: "image/png", buffer: Buffer.from("nope") });
    await form(page).getByText(messages.photo.previewFailed).waitFor();
    await saveButton(page).click();
    const refused = await readAlert(page);
    expect(refused.text).toBe(`${messages.catalogue.profileValidation}\n${messages.photo.badType}`);

    // A real photo previews.
    await photoInput(page).setInputFiles({ name: "me.png", mimeType: "image/png", buffer: solidPng() });
    await form(page).locator("img.photo-preview").waitFor();
    expect(await form(page).getByText(messages.photo.previewFailed).count()).toBe(0);

    // Saved: the own profile with its credits, the others without it.
    await saveButton(page).click();
    const own = page.getByRole("region", { name: "Your profile" });
    await own.getByText("Gabriel Test").waitFor();
    await own.getByText(devAccount(7).address.toLowerCase()).waitFor();
    await own.getByTestId("own-credits").filter({ hasText: "5 CC" }).waitFor();
    await own.getByText("2008-04-01").waitFor();
    await own.getByText("Taurus").waitFor();
    expect(await own.locator("img.avatar").getAttribute("src")).toMatch(/^\/api\/profiles\/photo\//);
    await page.getByRole("heading", { name: "Other members" }).waitFor();
    expect(await page.locator("article.profile-card", { hasText: "Gabriel Test" }).count()).toBe(0);
    expect(await page.locator("article.profile-card").count()).toBe(6);
    expect(wallet?.calls.filter((c) => c === "personal_sign")).toHaveLength(2); // the refused one, then one sign-in
    await expectAccessible(page);
    await screenshot(page, "profiles-own");

    // Edit, cancel, edit again and save: one session, no new signature.
    await own.getByRole("button", { name: "Edit" }).click();
    await page.getByRole("button", { name: "Cancel" }).click();
    await own.getByRole("button", { name: "Edit" }).click();
    expect(await page.getByLabel("Name", { exact: true }).inputValue()).toBe("Gabriel Test");
    await page.getByLabel("Name", { exact: true }).fill("Gabriel Renamed");
    await screenshot(page, "profiles-edit");
    await saveButton(page).click();
    await own.getByText("Gabriel Renamed").waitFor();
    expect(wallet?.calls.filter((c) => c === "personal_sign")).toHaveLength(2);
    await context.close();
  });

  it("in whitelist mode a wallet that is not whitelisted is told creation is restricted", async () => {
    const on = await adminPost(stack, "/api/admin/settings", { key: "whitelistMode", value: true });
    expect(on.status, await on.clone().text()).toBe(200);
    try {
      const { page, context } = await openPage(browser, stack, "/profiles", {
        wallet: { signer: 8 },
        viewport: PHONE,
      });
      await connectWallet(page);
      await page.waitForFunction(() => !document.querySelector("fieldset")?.disabled);
      await fillProfile(page, "Hana Listless", "2007-11-11", "Scorpio");
      await saveButton(page).click();
      const dialog = page.getByRole("alertdialog");
      await dialog.waitFor();
      await screenshot(page, "profiles-whitelist-phone");
      const alert = await readAlert(page);
      expect(alert.title).toBe(messages.catalogue.profileRestrictedTitle);
      expect(alert.text).toBe(messages.profile.whitelist);
      await context.close();
    } finally {
      await adminPost(stack, "/api/admin/settings", { key: "whitelistMode", value: false });
    }
  });
});
