/**
 * /projects in Chromium against the real stack (demo community: accounts 1–6 with profiles and 1,000 CC,
 * submissions in projects 1–3): the selector in the URL, submitting and editing one's own work, tipping a
 * classmate on chain (total, balance and explorer follow), a declined tip that leaves no trace, and the tip
 * box's checks. It keeps a stack of its own: it stops anvil's automine to see a tip pending, which would
 * hold every other file's transactions too.
 */
import { classCoinAbi } from "@classcoin/contracts";
import { devAccount } from "@classcoin/contracts/dev-accounts";
import type { Project } from "@classcoin/shared/entities";
import { messages } from "@classcoin/shared/messages";
import type { Browser, Page } from "playwright-core";
import { createTestClient, formatUnits, http } from "viem";
import { foundry } from "viem/chains";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible } from "./harness/accessibility";
import { readAlert } from "./harness/alerts";
import { launchBrowser, screenshot } from "./harness/browser";
import { connectWallet } from "./harness/connect";
import { chainClient } from "./harness/funding";
import { imageLoaded, openPage, PHONE } from "./harness/pages";
import { solidPng } from "./harness/solid-png";
import { CHAIN_NAME, type E2EStack, startStack } from "./harness/stack";

let stack: E2EStack;
let browser: Browser;

beforeAll(async () => {
  [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

async function projects(n: number): Promise<Project[]> {
  return (await (await fetch(`${stack.url}/api/projects/${n}`)).json()) as Project[];
}

async function ccBalance(address: `0x${string}`): Promise<number> {
  const raw = await chainClient(stack).readContract({
    address: stack.tokenAddress,
    abi: classCoinAbi,
    functionName: "balanceOf",
    args: [address],
  });
  return Number(formatUnits(raw, 18));
}

const card = (page: Page, title: string) => page.locator("article.submission-card", { hasText: title });

/**
 * Signer 5 tips `amount` CC to the demo's "Sneakers" with anvil's automine off, runs `meanwhile` while the
 * transfer waits for its block, then mines it.
 */
async function tipSneakersWhileBlockWaits(
  amount: number,
  meanwhile: (page: Page, sneakers: () => ReturnType<typeof card>) => Promise<void>,
) {
  const target = (await projects(2)).find((p) => p.title === "Sneakers");
  if (!target) throw new Error("the demo's project 2 has no 'Sneakers'");
  const { page, context } = await openPage(browser, stack, "/projects?n=2", { wallet: { signer: 5 } });
  await connectWallet(page);
  const sneakers = () => card(page, "Sneakers");
  await page.getByTestId("header-balance").filter({ hasText: /CC$/ }).waitFor();
  const anvil = createTestClient({ mode: "anvil", chain: foundry, transport: http(stack.rpcUrl) });
  await anvil.setAutomine(false);
  try {
    await sneakers().getByRole("spinbutton").fill(String(amount));
    await sneakers().getByRole("button", { name: "Send" }).click();
    await sneakers().getByTestId("tip-pending").waitFor();
    await meanwhile(page, sneakers);
    await anvil.mine({ blocks: 1 });
  } finally {
    await anvil.setAutomine(true);
  }
  return { page, context, target, sneakers };
}

describe("projects page", () => {
  it("a visitor picks a project (kept in the URL) and sees its submissions without tip boxes", async () => {
    const { page, context } = await openPage(browser, stack, "/projects", { wallet: false });
    await page.getByRole("heading", { level: 1, name: "Projects" }).waitFor();
    await card(page, "Self portrait in blue").waitFor();
    expect(await page.getByRole("button", { name: "Project 1" }).getAttribute("aria-pressed")).toBe("true");

    await page.getByRole("button", { name: "Project 2" }).click();
    await page.waitForURL(/\/projects\?n=2$/);
    const lemons = card(page, "Three lemons");
    await lemons.getByText("Chloé Martin").waitFor();
    await lemons.getByText("Still life with window light.").waitFor();
    await lemons
      .getByTestId("received")
      .filter({ hasText: /^\d[\d,]* CC$/ })
      .waitFor();
    const src = await lemons.locator("img.project-image").getAttribute("src");
    expect(src).toMatch(/^\/api\/projects\/image\//);
    await imageLoaded(lemons.locator("img.project-image"));
    expect(await page.locator("form.tip-form").count()).toBe(0);
    expect(await card(page, "Self portrait in blue").count()).toBe(0);

    await page.goto(`${stack.url}/projects?n=4`);
    await page.getByText("No submissions yet").waitFor();
    await expectAccessible(page);
    await screenshot(page, "projects-visitor-empty");
    await context.close();
  });

  it("a student submits work with the form's checks, sees it as their own, then edits it", async () => {
    const { page, context } = await openPage(browser, stack, "/projects?n=4", { wallet: { signer: 6 } });
    await connectWallet(page);
    const form = page.getByRole("form", { name: "Submit your project" });
    await form.getByText("Image (max 1080x1080)").waitFor();

    await form.getByRole("button", { name: "Submit Project" }).click();
    await form.getByText(messages.project.titleAndImage).waitFor();

    await form.getByLabel("Title").fill("Paper cranes");
    await form
      .getByLabel(/^Image/)
      .setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hi") });
    await form.getByRole("button", { name: "Submit Project" }).click();
    await form.getByText(messages.project.imageFile).waitFor();

    await form.getByLabel("Description (optional)").fill("Origami, folded during lunch.");
    await form
      .getByLabel(/^Image/)
      .setInputFiles({ name: "cranes.png", mimeType: "image/png", buffer: solidPng(64, [231, 111, 81]) });
    await screenshot(page, "projects-form-filled");
    await form.getByRole("button", { name: "Submit Project" }).click();

    const own = page.getByRole("region", { name: "Your submission" });
    await own.getByTestId("own-title").filter({ hasText: "Paper cranes" }).waitFor();
    expect(await own.getByTestId("own-total").textContent()).toBe("0 CC");
    const mine = card(page, "Paper cranes");
    await mine.getByText("Yours").waitFor();
    expect(await mine.locator("form.tip-form").count()).toBe(0);
    expect((await projects(4)).map((p) => p.title)).toEqual(["Paper cranes"]);
    await screenshot(page, "projects-own-view");

    await own.getByRole("button", { name: "Edit Submission" }).click();
    const edit = page.getByRole("form", { name: "Edit your submission" });
    expect(await edit.getByLabel("Title").inputValue()).toBe("Paper cranes");
    // The form shows the current image (it showed only "Choose File"), until a new file is chosen.
    const current = edit.getByRole("img", { name: "Current image: Paper cranes" });
    await current.waitFor();
    expect(await current.getAttribute("src")).toMatch(/^\/api\/projects\/image\//);
    const width = await current.evaluate(async (img: HTMLImageElement) => {
      await img.decode();
      return img.naturalWidth;
    });
    expect(width).toBeGreaterThan(0);
    await screenshot(page, "projects-edit-current-image");
    await edit
      .getByLabel(/^Image/)
      .setInputFiles({ name: "cranes-2.png", mimeType: "image/png", buffer: solidPng(64, [42, 157, 143]) });
    await edit.getByRole("img", { name: "Preview of your chosen file" }).waitFor();
    expect(await current.count()).toBe(0);
    await edit.getByLabel("Title").fill("Paper cranes, folded");
    await edit.getByRole("button", { name: "Save Submission" }).click();
    await own.getByTestId("own-title").filter({ hasText: "Paper cranes, folded" }).waitFor();
    await card(page, "Paper cranes, folded").waitFor();
    const [saved] = await projects(4);
    expect(saved?.title).toBe("Paper cranes, folded");
    expect(saved?.description).toBe("Origami, folded during lunch.");
    await context.close();
  });

  it("switching projects shows one submit form, the chosen project's, not one per project visited", async () => {
    // Farah (account 6) has submitted to project 3 only.
    const { page, context } = await openPage(browser, stack, "/projects?n=1", { wallet: { signer: 6 } });
    await connectWallet(page);
    const forms = page.getByRole("form", { name: "Submit your project" });
    const heading = (n: number) => page.getByRole("heading", { name: `Submit your work for Project ${n}` });
    await heading(1).waitFor();
    for (const n of [2, 1, 2]) {
      await page.getByRole("button", { name: `Project ${n}` }).click();
      await heading(n).waitFor();
      // Before: the form of every project visited stayed on the page, one above the other.
      expect(await forms.count()).toBe(1);
      expect(await heading(n === 1 ? 2 : 1).count()).toBe(0);
    }
    await screenshot(page, "projects-switched-form");
    await context.close();
  });

  it("tipping a classmate moves CC on chain; the total, the balance and the explorer follow", async () => {
    const tipper = devAccount(6).address;
    const target = (await projects(1)).find((p) => p.title === "Self portrait in blue");
    if (!target) throw new Error("the demo's project 1 has no 'Self portrait in blue'");
    const [tipperBefore, authorBefore] = await Promise.all([
      ccBalance(tipper),
      ccBalance(target.authorWallet as `0x${string}`),
    ]);

    const { page, context, wallet } = await openPage(browser, stack, "/projects?n=1", { wallet: { signer: 6 } });
    await connectWallet(page).catch(async (e) => {
      await screenshot(page, "debug-tip");
      console.log("DEBUG", (await page.locator("body").innerHTML()).slice(0, 3000), stack.output().slice(-1500));
      throw e;
    });
    const portrait = card(page, "Self portrait in blue");
    await portrait
      .getByTestId("received")
      .filter({ hasText: `${target.totalReceived} CC` })
      .waitFor();
    await page
      .getByTestId("header-balance")
      .filter({ hasText: `${tipperBefore.toLocaleString("en-US")} CC` })
      .waitFor();

    // The chain holds the transfer until we mine it, so the pending notice can be seen.
    const anvil = createTestClient({ mode: "anvil", chain: foundry, transport: http(stack.rpcUrl) });
    await anvil.setAutomine(false);
    try {
      await portrait.getByRole("spinbutton").fill("7");
      // A double click, as students do: one sign-in signature, one transfer (before: two sign-in prompts).
      await portrait.getByRole("button", { name: "Send" }).dblclick();
      const pending = portrait.getByTestId("tip-pending");
      await pending.waitFor();
      const asked = (method: string) => wallet?.calls.filter((m) => m === method).length;
      expect([asked("personal_sign"), asked("eth_sendTransaction")]).toEqual([1, 1]);
      expect(await pending.textContent()).toMatch(/^Waiting for transaction 0x[0-9a-f]{64} to be mined\.$/);
      await screenshot(page, "projects-tip-pending");
      await anvil.mine({ blocks: 1 });
    } finally {
      await anvil.setAutomine(true);
    }
    expect(await readAlert(page)).toEqual({ title: null, text: messages.catalogue.sendSuccess(7) });
    await portrait
      .getByTestId("received")
      .filter({ hasText: `${target.totalReceived + 7} CC` })
      .waitFor();
    await page
      .getByTestId("header-balance")
      .filter({ hasText: `${(tipperBefore - 7).toLocaleString("en-US")} CC` })
      .waitFor();
    expect(await ccBalance(tipper)).toBe(tipperBefore - 7);
    expect(await ccBalance(target.authorWallet as `0x${string}`)).toBe(authorBefore + 7);

    // The indexer runs inside the API: the tip appears in the explorer once indexed.
    await page.goto(`${stack.url}/explorer?wallet=${tipper}&type=project_tip`);
    const row = page.getByTestId("tx-row").filter({ hasText: "7 CC" });
    for (let i = 0; i < 30 && (await row.count()) === 0; i++) {
      await page.waitForTimeout(500);
      await page.reload();
      await page.getByTestId("tx-row").or(page.getByText("No transactions found")).first().waitFor();
    }
    await row.first().getByText("Project tip").waitFor();
    await row.first().getByText("Farah Haddad").waitFor();
    await context.close();
  });

  it("a tip declined in the wallet (4001) shows nothing and records nothing", async () => {
    const tipper = devAccount(5).address;
    const target = (await projects(2)).find((p) => p.title === "Sneakers");
    if (!target) throw new Error("the demo's project 2 has no 'Sneakers'");
    const before = await ccBalance(tipper);
    const { page, context, wallet } = await openPage(browser, stack, "/projects?n=2", { wallet: { signer: 5 } });
    await connectWallet(page);
    const reports: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/api/projects/send-coin")) reports.push(r.url());
    });
    wallet?.rejecting.add("eth_sendTransaction");

    const sneakers = card(page, "Sneakers");
    await page.getByTestId("header-balance").filter({ hasText: /CC$/ }).waitFor();
    await sneakers.getByRole("spinbutton").fill("3");
    await sneakers.getByRole("button", { name: "Send" }).click();
    await expect.poll(() => wallet?.calls.includes("eth_sendTransaction")).toBe(true);
    await sneakers.getByRole("button", { name: "Send", exact: true }).and(page.locator(":enabled")).waitFor();
    expect(await page.getByRole("alertdialog").count()).toBe(0);
    expect(reports).toEqual([]);
    expect(await ccBalance(tipper)).toBe(before);
    expect((await projects(2)).find((p) => p._id === target._id)?.totalReceived).toBe(target.totalReceived);
    await context.close();
  });

  it("a tip from a wallet on another network that will not switch says so, and sends nothing", async () => {
    const tipper = devAccount(5).address;
    const target = (await projects(2)).find((p) => p.title === "Sneakers");
    if (!target) throw new Error("the demo's project 2 has no 'Sneakers'");
    const before = await ccBalance(tipper);
    // The student refuses the switch (4001); a wallet that does not know the class's chain answers 4902.
    const wallets = [
      { name: "refused", options: { signer: 5, chainId: 11155111 }, refuse: true },
      { name: "unknown-chain", options: { signer: 5, chainId: 11155111, chains: [11155111] }, refuse: false },
    ];
    for (const { name, options, refuse } of wallets) {
      const { page, context, wallet } = await openPage(browser, stack, "/projects?n=2", { wallet: options });
      if (refuse) wallet?.rejecting.add("wallet_switchEthereumChain");
      await connectWallet(page);
      // Connecting asks for the switch once already (spec §4), and says the spec's text when it fails.
      expect((await readAlert(page)).text).toBe(messages.chain.switchPlatform(CHAIN_NAME));
      const switches = wallet?.calls.filter((m) => m === "wallet_switchEthereumChain").length ?? 0;

      const sneakers = card(page, "Sneakers");
      await sneakers.getByRole("spinbutton").fill("3");
      await sneakers.getByRole("button", { name: "Send", exact: true }).and(page.locator(":enabled")).click();
      // Before: the refusal counted as a declined tip, and nothing at all was said.
      await page.getByRole("alertdialog").waitFor();
      await screenshot(page, `projects-tip-wrong-network-${name}`);
      expect((await readAlert(page)).text).toBe(messages.send.wrongNetwork(CHAIN_NAME));
      expect(wallet?.calls.filter((m) => m === "wallet_switchEthereumChain").length).toBe(switches + 1);
      expect(wallet?.calls).not.toContain("eth_sendTransaction");
      expect(wallet?.calls).not.toContain("personal_sign");
      await sneakers.getByRole("button", { name: "Send", exact: true }).and(page.locator(":enabled")).waitFor();
      await context.close();
    }
    expect(await ccBalance(tipper)).toBe(before);
    expect((await projects(2)).find((p) => p._id === target._id)?.totalReceived).toBe(target.totalReceived);
  });

  it("a tip whose page was reloaded before its transfer was mined is recorded once it is", async () => {
    const tipper = devAccount(5).address;
    const before = await ccBalance(tipper);
    const { page, context, target, sneakers } = await tipSneakersWhileBlockWaits(2, async (page, sneakers) => {
      const hash = (await sneakers().getByTestId("tip-pending").locator(".hash").textContent()) ?? "";
      // A slow block: the student reloads the page while the transfer waits.
      await page.reload();
      await sneakers().waitFor();
      // The card still says it waits, with the hash, and cannot send again meanwhile (before: it looked idle,
      // with Send enabled: a student sending again paid twice).
      await sneakers().getByTestId("tip-pending").filter({ hasText: hash }).waitFor();
      expect(await sneakers().getByRole("button", { name: "Sending…" }).isDisabled()).toBe(true);
      await screenshot(page, "projects-tip-resumed");
    });
    // Before: the coins moved and the project's total never did (the report died with the page).
    expect(await readAlert(page)).toEqual({ title: null, text: messages.catalogue.sendSuccess(2) });
    await sneakers()
      .getByTestId("received")
      .filter({ hasText: `${target.totalReceived + 2} CC` })
      .waitFor();
    expect(await ccBalance(tipper)).toBe(before - 2);
    expect((await projects(2)).find((p) => p._id === target._id)?.totalReceived).toBe(target.totalReceived + 2);
    await sneakers().getByRole("button", { name: "Send", exact: true }).and(page.locator(":enabled")).waitFor();
    expect(await sneakers().getByTestId("tip-pending").count()).toBe(0);
    await context.close();
  });

  it("a tip mined after its sender's session ended is kept, and recorded once they sign in again", async () => {
    // The session ends while the transfer waits (the wallet app switched account, or the cookie went).
    const { page, context, target, sneakers } = await tipSneakersWhileBlockWaits(3, (page) =>
      page.context().clearCookies(),
    );
    await page.getByRole("alertdialog").waitFor();
    await screenshot(page, "projects-tip-awaits-sign-in");
    // Before: "Failed to send ClassCoin: Sign in…", the tip forgotten, the CC moved and never shown.
    const said = await readAlert(page);
    expect(said.text).toContain("was sent, but the tip is not recorded yet");
    expect((await projects(2)).find((p) => p._id === target._id)?.totalReceived).toBe(target.totalReceived);
    // Signing in again (here from the bell, which now offers it; any write does too) reports the kept tip.
    await page
      .getByRole("banner")
      .getByRole("button", { name: /^Notifications/ })
      .click();
    await page.getByRole("region", { name: "Notifications" }).getByRole("button", { name: "Sign in" }).click();
    expect(await readAlert(page)).toEqual({ title: null, text: messages.catalogue.sendSuccess(3) });
    await sneakers()
      .getByTestId("received")
      .filter({ hasText: `${target.totalReceived + 3} CC` })
      .waitFor();
    await context.close();
  });

  it("the tip box checks the amount and the balance before asking the wallet (phone)", async () => {
    const { page, context, wallet } = await openPage(browser, stack, "/projects?n=3", {
      wallet: { signer: 2 },
      viewport: PHONE,
    });
    await page.getByRole("button", { name: "Menu" }).waitFor();
    await connectWallet(page);
    const city = card(page, "City at night");
    const amount = city.getByRole("spinbutton");
    expect(await amount.getAttribute("min")).toBe("1");
    await page.getByTestId("header-balance").filter({ hasText: /CC$/ }).waitFor();
    const max = Number(await amount.getAttribute("max"));
    expect(max).toBe(await ccBalance(devAccount(2).address));

    await city.getByRole("button", { name: "Send" }).click();
    expect((await readAlert(page)).text).toBe(messages.send.amount);
    await amount.fill("0");
    await city.getByRole("button", { name: "Send" }).click();
    expect((await readAlert(page)).text).toBe(messages.send.amount);
    await amount.fill(String(max + 1));
    await city.getByRole("button", { name: "Send" }).click();
    expect((await readAlert(page)).text).toBe(messages.send.insufficient);
    expect(wallet?.calls).not.toContain("eth_sendTransaction");
    await screenshot(page, "projects-phone");
    await context.close();
  });
});
