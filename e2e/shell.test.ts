/**
 * The platform's shell and home page in Chromium against the real stack (with its demo community): the
 * navigation and its Admin link, connecting with an injected wallet or the built-in Dev wallet, reconnecting
 * without a prompt, account changes, the wrong-chain refusal, the phone layout, the error page and axe checks.
 * On the shared stack it is the only file acting as dev account 7 (the Dev wallet lists dev accounts only);
 * it reads accounts 2, 3 and 9 without changing them.
 */
import { devAccount } from "@classcoin/contracts/dev-accounts";
import { messages } from "@classcoin/shared/messages";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible } from "./harness/accessibility";
import { readAlert } from "./harness/alerts";
import { launchBrowser, screenshot } from "./harness/browser";
import { CONNECTED, connectDevWallet, connectWallet } from "./harness/connect";
import { fundWallet } from "./harness/funding";
import { createMember } from "./harness/members";
import { DESKTOP, openPage, PHONE } from "./harness/pages";
import { useSharedStack } from "./harness/shared-stack";
import { solidPng } from "./harness/solid-png";
import { CHAIN_NAME, type E2EStack } from "./harness/stack";
import { TestWallet } from "./harness/test-wallet";

let stack: E2EStack;
let browser: Browser;

beforeAll(async () => {
  [stack, browser] = await Promise.all([useSharedStack(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
});

const nav = (page: Page) => page.getByRole("navigation", { name: "Main" });
const adminLinks = (page: Page) => nav(page).getByRole("link", { name: "Admin" });
const checklistItem = (page: Page, title: string) =>
  page.getByRole("region", { name: "Your next steps" }).locator("li", { hasText: title });

describe("shell: navigation, wallet strip and home", () => {
  it("a visitor sees the navigation without Admin, what ClassCoin is, the checklist, posts and bounties", async () => {
    const { page, context } = await openPage(browser, stack, "/", { wallet: false });
    // The heading first: before the app renders, the boot shell's navigation (no Admin link either) is on screen.
    await page.getByRole("heading", { level: 1, name: "Welcome to ClassCoin" }).waitFor();
    for (const label of ["Home", "Profiles", "Projects", "Explorer", "Forum", "Bounties"]) {
      await nav(page).getByRole("link", { name: label, exact: true }).waitFor();
    }
    expect(await adminLinks(page).count()).toBe(0);
    await expect(page.locator(".checklist li.done").count()).resolves.toBe(0);
    await checklistItem(page, "Connect a wallet").getByRole("button", { name: "Connect Wallet" }).waitFor();
    // The demo community's latest posts and open bounties.
    await page.locator(".latest-posts li").first().waitFor();
    expect(await page.locator(".latest-posts li").count()).toBeGreaterThanOrEqual(3);
    expect(await page.locator(".latest-posts li").count()).toBeLessThanOrEqual(5);
    await page.getByRole("region", { name: "Open bounties" }).locator("li").first().waitFor();
    await expectAccessible(page);
    await screenshot(page, "home-visitor");
    await context.close();
  });

  it("a visitor's home page does not ask for the leaderboard (only a connected student's checklist needs it)", async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const asked: string[] = [];
    page.on("request", (request) => asked.push(new URL(request.url()).pathname));
    await page.goto(`${stack.url}/`);
    await page.locator(".latest-posts li").first().waitFor();
    await page.getByRole("region", { name: "Open bounties" }).locator("li").first().waitFor();
    expect(asked).toContain("/api/posts");
    expect(asked).not.toContain("/api/leaderboard");
    await context.close();
  });

  it("a tab opened before an upgrade loads the new build when a page's chunk is gone (404), instead of an error", async () => {
    const { page, context } = await openPage(browser, stack, "/", { wallet: false });
    await page.getByRole("heading", { level: 1, name: "Welcome to ClassCoin" }).waitFor();
    // The explorer's chunk as a server answers it once upgraded: a file of a build it no longer has. The page
    // loaded again is the "new build" (here the same files), served as they are.
    let stale = true;
    page.on("request", (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) stale = false;
    });
    let refused = 0;
    await page.route(/\/assets\/explorer-page-[^/]+\.js$/, (route) => {
      if (!stale) return route.continue();
      refused++;
      return route.fulfill({ status: 404, contentType: "application/json", body: '{"error":"No route"}' });
    });
    const reloaded = page.waitForEvent("load");
    await nav(page).getByRole("link", { name: "Explorer", exact: true }).click();
    await reloaded;
    await page.getByRole("heading", { level: 1, name: "Explorer" }).waitFor();
    expect(refused).toBeGreaterThan(0);
    expect(new URL(page.url()).pathname).toBe("/explorer");
    await context.close();
  });

  it("a link clicked while the server is down says the page could not be loaded, in the app, and tries again", async () => {
    const { page, context } = await openPage(browser, stack, "/", { wallet: false });
    await page.getByRole("heading", { level: 1, name: "Welcome to ClassCoin" }).waitFor();
    // The server stops answering (or the network goes) after the home page has loaded.
    let down = true;
    let asked = 0;
    await page.route(`${stack.url}/**`, (route) => {
      if (!down) return route.continue();
      asked++;
      return route.abort("connectionrefused");
    });
    await nav(page).getByRole("link", { name: "Explorer", exact: true }).click();
    // Before: the tab reloaded into the browser's own "This site can't be reached" page.
    const notLoaded = page.getByRole("heading", { level: 1, name: "This page could not be loaded" });
    await notLoaded.waitFor();
    expect(new URL(page.url()).pathname).toBe("/explorer");
    expect(asked).toBeGreaterThan(0);
    await page.getByRole("button", { name: "Try again" }).click();
    await page.getByText("Still no answer. Try again in a moment.").waitFor();
    await screenshot(page, "shell-page-not-loaded");
    down = false;
    await page.getByRole("button", { name: "Try again" }).click();
    await page.getByRole("heading", { level: 1, name: "Explorer" }).waitFor();
    await context.close();
  });

  it("the header paints before any script runs, as tall as the app's, on a desktop and on a phone", async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const bare = await browser.newContext({ viewport, javaScriptEnabled: false });
      const page = await bare.newPage();
      await page.goto(`${stack.url}/forum`);
      await page.getByRole("banner").getByRole("link", { name: "ClassCoin" }).waitFor();
      if (viewport === DESKTOP) {
        for (const label of ["Home", "Profiles", "Projects", "Explorer", "Forum", "Bounties", "Feed", "Leaderboard"]) {
          expect(await nav(page).getByRole("link", { name: label, exact: true }).getAttribute("href")).toBe(
            label === "Home" ? "/" : `/${label.toLowerCase()}`,
          );
        }
      } else {
        await nav(page).getByRole("button", { name: "Menu" }).waitFor();
      }
      expect(await page.getByRole("status").locator(".visually-hidden").textContent()).toBe("Loading ClassCoin");
      // The word for a page that never loads waits 12 s: a page loading as it should never shows it.
      expect(await page.getByText("This is taking longer than it should.").isVisible()).toBe(false);
      const shellHeight = await page.getByRole("banner").evaluate((header) => header.getBoundingClientRect().height);
      await screenshot(page, viewport === DESKTOP ? "shell-before-scripts" : "shell-before-scripts-phone");
      await bare.close();

      const { page: app, context } = await openPage(browser, stack, "/forum", { wallet: false, viewport });
      await app.getByRole("heading", { level: 1, name: "Forum" }).waitFor();
      expect(await app.getByRole("banner").evaluate((header) => header.getBoundingClientRect().height)).toBe(
        shellHeight,
      );
      await context.close();
    }
  });

  it("the token wallet page paints its own loading screen before any script, not the platform's header", async () => {
    const bare = await browser.newContext({ viewport: DESKTOP, javaScriptEnabled: false });
    const page = await bare.newPage();
    await page.goto(`${stack.url}/wallet`);
    expect(await page.getByRole("status").locator(".visually-hidden").textContent()).toBe("Loading the wallet");
    expect(await nav(page).count()).toBe(0);
    await bare.close();
  });

  it("without any wallet app, the connect dialog names two wallet apps and offers the Dev wallet; account 0 is the admin", async () => {
    const { page, context } = await openPage(browser, stack, "/", { wallet: false });
    await page.getByRole("banner").getByRole("button", { name: messages.wallet.connectButton }).click();
    const dialog = page.getByRole("dialog", { name: "Connect a wallet" });
    await dialog.getByText(messages.wallet.noWallet("MetaMask", "Rabby")).waitFor();
    expect(await dialog.getByRole("link", { name: "Install MetaMask" }).getAttribute("href")).toContain("metamask.io");
    expect(await dialog.getByRole("link", { name: "Install Rabby" }).getAttribute("href")).toContain("rabby.io");
    const options = await dialog.getByLabel("Dev account").locator("option").allTextContents();
    expect(options).toHaveLength(10);
    expect(options[0]).toContain("Account 0 (admin)");
    await expectAccessible(page);
    await screenshot(page, "shell-connect-dialog");
    await dialog.getByRole("button", { name: "Close" }).click();

    await connectDevWallet(page, 0);
    // Connected, not signed in (no signature asked yet): Disconnect, beside the bell's "Sign in".
    await page.getByRole("banner").getByRole("button", { name: "Disconnect" }).waitFor();
    await adminLinks(page).waitFor();
    // The header's balance (a bare /CC$/ in the banner also matched the brand mark "CC": it passed before the
    // balance arrived and failed once both showed).
    await page
      .getByTestId("header-balance")
      .filter({ hasText: /\d CC$/ })
      .waitFor();
    await screenshot(page, "shell-dev-wallet-admin");

    // An already authorised wallet reconnects on reload without a prompt.
    await page.reload();
    await page.getByRole("banner").getByRole("button", { name: "Disconnect" }).waitFor();
    await adminLinks(page).waitFor();

    // Disconnect: the wallet strip offers Connect again and the Admin link goes.
    await page.getByRole("banner").getByRole("button", { name: "Disconnect" }).click();
    await page.getByRole("banner").getByRole("button", { name: messages.wallet.connectButton }).waitFor();
    expect(await adminLinks(page).count()).toBe(0);
    await context.close();
  });

  it("with only the Dev wallet, a newcomer creates a profile, posts and votes", async () => {
    await fundWallet(stack, devAccount(7).address, { cc: "2" });
    const { page, context } = await openPage(browser, stack, "/profiles", { wallet: false });
    await connectDevWallet(page, 7);
    await page.waitForFunction(() => !document.querySelector("fieldset")?.disabled);
    await page.getByLabel("Name", { exact: true }).fill("Dev Newcomer");
    await page.getByLabel("Birthday").fill("2008-01-15");
    await page.getByLabel("Star sign").selectOption("Capricorn");
    await page.getByRole("button", { name: "Save Profile" }).click();
    await page.getByRole("region", { name: "Your profile" }).getByText("Dev Newcomer").waitFor();

    await nav(page).getByRole("link", { name: "Forum" }).click();
    // Other files post and vote on the shared stack too: the newcomer's post is found by its text, above
    // the post that was newest before it, and the vote goes to a demo post no other file counts votes on.
    const posts = page.locator("article.post");
    const previousNewest = await posts.first().locator(".post-content").innerText();
    await page.getByLabel("Write a post").fill("Hello from the Dev wallet");
    await page.getByRole("button", { name: "Post", exact: true }).click();
    const mine = posts.filter({ hasText: "Hello from the Dev wallet" });
    await mine.getByText("Dev Newcomer").waitFor();
    const order = await posts.locator(".post-content").allInnerTexts();
    expect(order.indexOf("Hello from the Dev wallet")).toBeLessThan(order.indexOf(previousNewest));
    const other = posts.filter({ hasText: "Welcome to the ClassCoin forum!" });
    await other.getByRole("button", { name: /Upvote/ }).click();
    await other
      .getByRole("button", { name: /Upvote/ })
      .and(page.locator("[aria-pressed=true]"))
      .waitFor();
    await screenshot(page, "forum-dev-wallet");
    await context.close();
  });

  it("a student who has submitted a project but never posted has 'Join in: post, submit, tip' ticked", async () => {
    // The step names a submission and a tip as joining in; it ticked only after a forum post (a class's week 2:
    // a student with four submissions and a tip still saw it open).
    const member = await createMember(stack, { name: "Sam Submitter" });
    const form = new FormData();
    form.append("wallet", member.wallet);
    form.append("projectNumber", "3");
    form.append("title", "Sam's landscape");
    form.append("image", new Blob([new Uint8Array(solidPng(32, [90, 140, 60]))], { type: "image/png" }), "art.png");
    const res = await fetch(`${stack.url}/api/projects`, {
      method: "POST",
      headers: { cookie: member.cookie },
      body: form,
    });
    expect(res.status).toBe(200);

    const { page, context } = await openPage(browser, stack, "/", { wallet: { signer: member.key } });
    await connectWallet(page);
    await checklistItem(page, "Create your profile").and(page.locator("li.done")).waitFor();
    await checklistItem(page, "Join in: post, submit, tip").and(page.locator("li.done")).waitFor({ timeout: 10_000 });
    await context.close();
  });

  it("a connected student sees their name, balance and ticked steps; an account change to the admin shows Admin", async () => {
    const { page, context, wallet } = await openPage(browser, stack, "/", { wallet: { signer: 2 } });
    await connectWallet(page);
    // Demo account 2 has CC, a profile and posts: every step is ticked.
    await page.getByRole("region", { name: "You" }).getByText("Balance:").waitFor();
    await page.getByTestId("home-balance").filter({ hasText: /CC$/ }).waitFor();
    await checklistItem(page, "Create your profile").and(page.locator("li.done")).waitFor();
    await checklistItem(page, "Get CC").and(page.locator("li.done")).waitFor();
    await page.locator(".checklist li.done").nth(3).waitFor();
    expect(await adminLinks(page).count()).toBe(0);
    await expectAccessible(page);
    await screenshot(page, "home-connected");

    await wallet?.switchAccount(0);
    await adminLinks(page).waitFor();
    await page
      .getByRole("banner")
      .getByTitle(new RegExp(devAccount(0).address, "i"))
      .waitFor();
    await screenshot(page, "shell-admin-link");
    await context.close();
  });

  it("a newcomer sees unticked steps and next actions", async () => {
    const { page, context } = await openPage(browser, stack, "/", { wallet: { signer: 9 } });
    await connectWallet(page);
    await checklistItem(page, "Connect a wallet").and(page.locator("li.done")).waitFor();
    await checklistItem(page, "Create your profile").getByRole("link", { name: "Create your profile" }).waitFor();
    await page.getByTestId("home-balance").filter({ hasText: "0 CC" }).waitFor();
    expect(await page.locator(".checklist li.done").count()).toBe(1);
    await screenshot(page, "home-newcomer");
    await context.close();
  });

  it("on the wrong chain the wallet is asked to switch; a refusal shows the spec's text", async () => {
    const { page, context, wallet } = await openPage(browser, stack, "/", {
      wallet: { signer: 3, chainId: 11155111 },
    });
    wallet?.rejecting.add("wallet_switchEthereumChain");
    await connectWallet(page);
    const alert = await readAlert(page);
    expect(alert.text).toBe(messages.chain.switchPlatform(CHAIN_NAME));
    expect(wallet?.calls).toContain("wallet_switchEthereumChain");
    // The balance is read from the configured chain whatever network the wallet is on.
    await page.getByTestId("home-balance").filter({ hasText: /CC$/ }).waitFor({ timeout: 10_000 });
    // The strip offers the switch again; accepted this time.
    wallet?.rejecting.clear();
    await screenshot(page, "shell-wrong-chain");
    await page
      .getByRole("banner")
      .getByRole("button", { name: `Switch to ${CHAIN_NAME}` })
      .click();
    await page.getByTestId("header-balance").filter({ hasText: /CC$/ }).waitFor();
    await context.close();
  });

  it("a wallet that never answers the connect request leaves nothing disabled: close and start over, or ask again", async () => {
    const { page, context, wallet } = await openPage(browser, stack, "/", { wallet: { signer: 9 } });
    // The wallet's window closed without a choice: some wallets then never answer the page's request.
    for (const method of ["wallet_requestPermissions", "eth_requestAccounts"]) wallet?.unanswered.add(method);
    const header = page.getByRole("banner");
    const dialog = page.getByRole("dialog", { name: "Connect a wallet" });
    const testWallet = dialog.getByRole("button", { name: /^Test Wallet/ });
    const waiting = dialog.getByRole("status").filter({ hasText: messages.wallet.connectWaiting("Test Wallet") });
    await header.getByRole("button", { name: messages.wallet.connectButton }).click();
    await testWallet.click();
    await waiting.waitFor();
    // Before: every wallet in the dialog disabled while the request waited.
    expect(await testWallet.isEnabled()).toBe(true);
    expect(await dialog.getByRole("button", { name: "Use Dev wallet" }).isEnabled()).toBe(true);
    await screenshot(page, "connect-waiting");

    // Before: the header said "Connecting…", disabled, until a reload.
    await dialog.getByRole("button", { name: "Close" }).click();
    await dialog.waitFor({ state: "detached" });
    const connect = header.getByRole("button", { name: messages.wallet.connectButton, exact: true });
    await connect.waitFor();
    expect(await connect.isEnabled()).toBe(true);

    await connect.click();
    await testWallet.click();
    await waiting.waitFor();
    // This time the person answers: choosing the wallet again asks again, and that request connects.
    wallet?.unanswered.clear();
    await testWallet.click();
    await header.getByRole("button", { name: CONNECTED }).waitFor();
    await dialog.waitFor({ state: "detached" });
    await context.close();
  });

  it("a wallet that never answers the sign-in request: after 90 s the post fails with the signature error and can be sent again", async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const wallet = await TestWallet.install(page, { rpcUrl: stack.rpcUrl, signer: 3 });
    // The page's clock from its first script on, so its 90 s wait can be skipped; it runs on at real speed.
    await page.clock.install();
    await page.goto(`${stack.url}/forum`);
    await connectWallet(page);
    // The wallet's window closed without a choice: some wallets then never answer the signature request.
    wallet.unanswered.add("personal_sign");
    const content = `Nobody signs this at first ${Date.now().toString(36)}`;
    await page.getByLabel("Write a post").fill(content);
    await page.getByRole("button", { name: "Post", exact: true }).click();
    await page.getByRole("button", { name: "Posting…" }).waitFor();
    // The 90 s start when the wallet is asked to sign (after the page has fetched its sign-in message): skipped
    // before then, the wait would still lie ahead at real speed (seen in CI under load).
    await expect.poll(() => wallet.calls.includes("personal_sign"), { timeout: 30_000 }).toBe(true);
    // Before: "Posting…" stayed disabled with no word until a reload.
    await page.clock.runFor(91_000);
    expect((await readAlert(page)).text).toBe(messages.catalogue.signature);
    // The post is still there to send again, and the button takes it.
    const post = page.getByRole("button", { name: "Post", exact: true });
    await post.waitFor();
    expect(await post.isEnabled()).toBe(true);
    expect(await page.getByLabel("Write a post").inputValue()).toBe(content);
    await context.close();
  });

  it("on a 375 px phone the navigation folds behind a Menu button and stays usable by keyboard", async () => {
    const { page, context } = await openPage(browser, stack, "/", { wallet: { signer: 2 }, viewport: PHONE });
    // The app, not the boot shell: its Menu button is painted first and does nothing (seen once in CI: Enter
    // pressed on it before the app took over).
    await page.getByRole("heading", { level: 1, name: "Welcome to ClassCoin" }).waitFor();
    const menu = nav(page).getByRole("button", { name: "Menu" });
    await menu.waitFor();
    expect(await nav(page).getByRole("link", { name: "Forum" }).isVisible()).toBe(false);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, "shell-phone");
    await menu.focus();
    await page.keyboard.press("Enter");
    expect(await menu.getAttribute("aria-expanded")).toBe("true");
    await nav(page).getByRole("link", { name: "Forum" }).waitFor();
    await expectAccessible(page);
    await screenshot(page, "shell-phone-menu");
    await nav(page).getByRole("link", { name: "Forum" }).click();
    await page.getByRole("heading", { level: 1, name: "Forum" }).waitFor();
    expect(await nav(page).getByRole("link", { name: "Forum" }).isVisible()).toBe(false);
    await connectWallet(page);
    await screenshot(page, "forum-phone-connected");
    // A tap outside the open menu folds it: before, the bell's panel opened over the still open menu.
    await menu.click();
    await nav(page).getByRole("link", { name: "Forum" }).waitFor();
    await page
      .getByRole("banner")
      .getByRole("button", { name: /^Notifications/ })
      .click();
    await page.getByRole("region", { name: "Notifications" }).waitFor();
    expect(await menu.getAttribute("aria-expanded")).toBe("false");
    expect(await nav(page).getByRole("link", { name: "Forum" }).isVisible()).toBe(false);
    await screenshot(page, "shell-phone-bell-after-menu");
    await context.close();
  });

  it("on a tablet (761–1023 px) the header takes two rows: brand and wallet, then every link", async () => {
    const { page, context } = await openPage(browser, stack, "/", {
      wallet: { signer: 0 },
      viewport: { width: 820, height: 1000 },
    });
    await page.getByRole("heading", { level: 1, name: "Welcome to ClassCoin" }).waitFor();
    await connectWallet(page);
    await nav(page).getByRole("link", { name: "Admin" }).waitFor();
    for (const width of [761, 820, 1023]) {
      await page.setViewportSize({ width, height: 1000 });
      const bar = await page.getByRole("banner").evaluate((header, width) => {
        const links = [...header.querySelectorAll<HTMLElement>(".nav a")];
        return {
          height: header.getBoundingClientRect().height,
          linkRows: new Set(links.map((a) => Math.round(a.getBoundingClientRect().top))).size,
          hidden: links.filter((a) => !a.checkVisibility()).length,
          wide: document.documentElement.scrollWidth > width,
        };
      }, width);
      // Before: brand, links and wallet took a row each (about 160 px).
      expect(bar, `${width} px`).toMatchObject({ linkRows: 1, hidden: 0, wide: false });
      expect(bar.height, `${width} px`).toBeLessThan(110);
    }
    await screenshot(page, "shell-tablet");
    await context.close();
  });

  it("a page whose script cannot load says after 12 s to reload, instead of spinning for ever; a loading page does not", async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    // As when a tab of the site reaches an instance on another build during an upgrade: its script is a 404.
    await page.route(/\/assets\/index-[^/]*\.js$/, (route) => route.fulfill({ status: 404, body: "" }));
    // CSS animations 100 times as fast (the word waits for a 12 s CSS delay): 0.12 s.
    const cdp = await context.newCDPSession(page);
    await cdp.send("Animation.enable");
    await cdp.send("Animation.setPlaybackRate", { playbackRate: 100 });
    await page.goto(`${stack.url}/forum`);
    const word = page.getByText("This is taking longer than it should. Please reload the page;");
    await word.waitFor({ state: "visible", timeout: 10_000 });
    await screenshot(page, "shell-script-failed");
    await page.unroute(/\/assets\/index-[^/]*\.js$/);
    await page.reload();
    await page.getByRole("heading", { level: 1, name: "Forum" }).waitFor();
    expect(await word.count()).toBe(0);
    await context.close();
  });

  it("the home page says the posts and the bounties could not be loaded when the network fails for them (not blank panels)", async () => {
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

  it("a failure to load the app shows the generic error page", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.route("**/api/config", (route) => route.fulfill({ status: 500, body: "{}" }));
    await page.goto(stack.url);
    await page.getByRole("heading", { name: messages.catalogue.unexpectedApplicationError }).waitFor();
    await screenshot(page, "shell-error-page");
    await context.close();
  });
});
