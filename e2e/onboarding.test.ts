/**
 * A student who owns nothing (no CC, no ETH) is told the truth, in Chromium against the real stack: on the
 * create-profile page, a rostered student whose welcome grant could not be sent (the treasury had no ETH for its
 * gas) reads that, and what to ask the instructor, instead of "ask to be added to the roster"; on /wallet, a
 * student who has used the day's gasless transfers (RELAY_DAILY_LIMIT=2 here) reads why and when they start
 * again instead of being offered "Send without gas". Its own stack: it empties the treasury for a moment and
 * sets the relay's limit.
 */
import { devAccount } from "@classcoin/contracts/dev-accounts";
import type { PublicConfig } from "@classcoin/shared/api-meta";
import { messages } from "@classcoin/shared/messages";
import type { Browser, Page } from "playwright-core";
import { createTestClient, http } from "viem";
import { foundry } from "viem/chains";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInOverHttp } from "../apps/api/src/security/http-sign-in";
import { adminPost } from "./harness/admin-calls";
import { launchBrowser, screenshot } from "./harness/browser";
import { CONNECTED, connectWallet } from "./harness/connect";
import { chainClient, freshWallet } from "./harness/funding";
import { openPage } from "./harness/pages";
import { type E2EStack, startStack } from "./harness/stack";

let stack: E2EStack;
let browser: Browser;

beforeAll(async () => {
  [stack, browser] = await Promise.all([startStack({ WELCOME_ETH: "0", RELAY_DAILY_LIMIT: "2" }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

const PHONE_390 = { width: 390, height: 844 };

/** Both widths of a page, for a person to look at. */
async function screenshots(page: Page, name: string): Promise<void> {
  await screenshot(page, `${name}-1280`);
  const desktop = page.viewportSize();
  await page.setViewportSize(PHONE_390);
  await screenshot(page, `${name}-390`);
  if (desktop) await page.setViewportSize(desktop);
}

/**
 * The page as it is on Sepolia: the create form's advice on where CC comes from is for a public chain (on the
 * local chain it names `npm run faucet`). Everything else is this stack's.
 */
async function asOnSepolia(page: Page): Promise<void> {
  await page.route("**/api/config", async (route) => {
    const response = await route.fetch();
    const config = (await response.json()) as PublicConfig;
    await route.fulfill({ response, json: { ...config, local: false, devAccounts: [], faucetEnv: "" } });
  });
  await page.reload();
}

describe("a student who owns nothing", () => {
  it("on the roster with a welcome grant the treasury could not pay: the create-profile page says so, not 'ask to be added'", async () => {
    const { key, address } = freshWallet();
    const wallet = address.toLowerCase();
    const treasury = devAccount(0).address;
    const anvil = createTestClient({ mode: "anvil", chain: foundry, transport: http(stack.rpcUrl) });
    const treasuryEth = await chainClient(stack).getBalance({ address: treasury });
    try {
      // No ETH for the mint's gas: added, its grant claimed and not sent.
      await anvil.setBalance({ address: treasury, value: 0n });
      const added = await adminPost(stack, "/api/admin/whitelist/add", { wallet, notes: "Nadia" });
      expect(added.status, await added.clone().text()).toBe(200);
      expect((await added.json()).grant).toMatchObject({ state: "unsent", ccTxHash: null });
    } finally {
      await anvil.setBalance({ address: treasury, value: treasuryEth });
    }

    // Signed in before (an earlier visit, another tab): the page reads the grant with that session at once.
    const cookie = await signInOverHttp(stack.url, key);
    const { page, context } = await openPage(browser, stack, "/profiles", { wallet: { signer: key } });
    const [name, value] = cookie.split("=") as [string, string];
    await context.addCookies([{ name, value, url: stack.url, httpOnly: true, sameSite: "Lax" }]);
    await asOnSepolia(page);
    await connectWallet(page);
    const form = page.getByRole("form", { name: "Create profile" });
    const advice = form.getByTestId("ask-for-cc");
    // What went wrong and what to do (before: "New to the class? Ask your instructor to add this wallet…").
    await advice.filter({ hasText: messages.profile.grantFailed(10) }).waitFor();
    expect(await form.getByText(messages.profile.balance).count()).toBe(1);
    expect(await advice.innerText()).not.toContain("Ask your instructor to add this wallet to the class roster");
    expect(await advice.innerText()).toContain(wallet);
    expect(await form.getByRole("button", { name: messages.profile.checkGrant }).count()).toBe(0);
    await screenshots(page, "create-profile-grant-failed");

    // Never signed in: the page asks for no signature by itself; the roster text, and the choice to check.
    const fresh = await openPage(browser, stack, "/profiles", { wallet: { signer: key } });
    await asOnSepolia(fresh.page);
    await connectWallet(fresh.page);
    const freshForm = fresh.page.getByRole("form", { name: "Create profile" });
    await freshForm
      .getByTestId("ask-for-cc")
      .filter({ hasText: messages.profile.askForCc(10) })
      .waitFor();
    expect(fresh.wallet!.calls).not.toContain("personal_sign");
    await freshForm.getByRole("button", { name: messages.profile.checkGrant }).click();
    await freshForm
      .getByTestId("ask-for-cc")
      .filter({ hasText: messages.profile.grantFailed(10) })
      .waitFor();
    expect(fresh.wallet!.calls).toContain("personal_sign");
    await fresh.context.close();

    // The instructor tops up and adds the wallet again: the grant is sent, and the form opens.
    const again = await adminPost(stack, "/api/admin/whitelist/add", { wallet, notes: "" });
    expect(again.status, await again.clone().text()).toBe(200);
    expect((await again.json()).grant).toMatchObject({ state: "paid" });
    await form.getByText(messages.profile.balance).waitFor({ state: "detached", timeout: 30_000 });
    await context.close();
  });

  it("after the day's gasless transfers, /wallet says why and when instead of offering 'Send without gas'", async () => {
    const { key, address } = freshWallet();
    const added = await adminPost(stack, "/api/admin/whitelist/add", { wallet: address.toLowerCase(), notes: "" });
    expect((await added.json()).grant).toMatchObject({ cc: 10, eth: "0", state: "paid" });
    const { page, context } = await openPage(browser, stack, "/wallet", { wallet: { signer: key } });
    await page.getByRole("button", { name: messages.wallet.connectButton }).click();
    const balance = (text: RegExp) => page.getByTestId("wallet-balance").filter({ hasText: text });
    await balance(/^10 CC$/).waitFor();
    const sendWithoutGas = page.getByRole("button", { name: messages.relay.sendWithoutGas });
    const reason = page.getByTestId("gasless-unavailable");
    const ben = devAccount(2).address;
    for (const left of [8, 6]) {
      await sendWithoutGas.waitFor();
      expect(await reason.count()).toBe(0);
      await page.getByLabel("Amount of CC").fill("2");
      await page.getByLabel("Recipient address").fill(ben);
      await sendWithoutGas.click();
      await balance(new RegExp(`^${left} CC$`)).waitFor();
    }
    // Read again after the relayed transfer: the second was the last of the day.
    await reason.waitFor();
    expect(await reason.innerText()).toMatch(
      /^You have used your 2 gasless transfers for today; they start again at \d\d:\d\d( tomorrow)?\. /,
    );
    expect(await sendWithoutGas.count()).toBe(0);
    // The relay agrees: the allowance the page read is the one it applies.
    const allowance = await page.evaluate(async () => (await fetch("/api/relay/allowance")).json());
    expect(allowance).toMatchObject({ remaining: 0, dailyLimit: 2 });
    await screenshots(page, "wallet-gasless-used-today");

    // A reload reads it again with the session.
    await page.reload();
    await page.getByRole("button", { name: messages.wallet.connectButton }).click();
    await balance(/^6 CC$/).waitFor();
    await reason.waitFor();
    expect(await sendWithoutGas.count()).toBe(0);

    // A tip would be relayed too: the form says the same and asks for no signature the relay would refuse.
    await page.goto(`${stack.url}/projects?n=1`);
    const banner = page.getByRole("banner");
    const connect = banner.getByRole("button", { name: messages.wallet.connectButton });
    // The wallet granted /wallet its accounts: the platform may reconnect to it by itself.
    await connect
      .or(banner.getByRole("button", { name: CONNECTED }))
      .first()
      .waitFor();
    if (await connect.isVisible()) await connectWallet(page);
    const portrait = page.locator("article", { hasText: "Self portrait in blue" });
    const tipReason = page.getByTestId("tip-gasless-unavailable");
    await tipReason.waitFor();
    expect(await tipReason.innerText()).toMatch(/^You have used your 2 gasless transfers for today; they start again/);
    const send = portrait.getByRole("button", { name: "Send" });
    expect(await send.isDisabled()).toBe(true);
    expect(await send.getAttribute("aria-describedby")).toBe(await tipReason.getAttribute("id"));
    await screenshots(page, "tip-gasless-used-today");
    await context.close();
  });
});
