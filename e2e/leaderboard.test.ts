/**
 * /leaderboard in Chromium against the shared stack (issue 18): a visitor reaches it from the navigation and
 * sees the class totals, the project rankings and the students' rankings as the API ranks them; a student
 * finds their own rows marked with their balance on chain; the admin is not ranked, and a profile the admin
 * archives leaves the leaderboard. Other files tip and post on the same stack, so this one checks its own
 * member and the page against the API of the same moment, not fixed totals. Live: an open leaderboard
 * follows a profile archived and restored, a new profile and a new submission, without a reload.
 */
import { adminSuccessMessages } from "@classcoin/shared/admin";
import type { Leaderboard } from "@classcoin/shared/leaderboard";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInOverHttp } from "../apps/api/src/security/http-sign-in";
import { expectAccessible } from "./harness/accessibility";
import { adminPost } from "./harness/admin-calls";
import { readAlert } from "./harness/alerts";
import { launchBrowser, screenshot } from "./harness/browser";
import { connectWallet } from "./harness/connect";
import { freshWallet, fundWallet } from "./harness/funding";
import { wordsSplitAcrossLines } from "./harness/layout";
import { createMember, type Member } from "./harness/members";
import { openPage, PHONE } from "./harness/pages";
import { useSharedStack } from "./harness/shared-stack";
import { solidPng } from "./harness/solid-png";
import type { E2EStack } from "./harness/stack";

let stack: E2EStack;
let browser: Browser;
let student: Member;
const NAME = "Lena Leaderboard";

beforeAll(async () => {
  [stack, browser] = await Promise.all([useSharedStack(), launchBrowser()]);
  student = await createMember(stack, { name: NAME, cc: "7" });
});
afterAll(async () => {
  await browser?.close();
});

const board = async (): Promise<Leaderboard> => (await fetch(`${stack.url}/api/leaderboard`)).json();
const rows = (page: Page, testId: string) => page.getByTestId(testId).locator("li");

describe("leaderboard page", () => {
  it("a visitor opens it from the navigation and sees the totals and the rankings the API gives", async () => {
    const { page, context } = await openPage(browser, stack, "/", { wallet: false });
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Leaderboard" }).click();
    await page.getByRole("heading", { name: "Leaderboard", level: 1 }).waitFor();
    await rows(page, "holders").first().waitFor();
    const api = await board();
    expect(api.classTotal.students).toBeGreaterThan(1);
    const totals = page.getByRole("definition");
    expect(await totals.first().textContent()).toMatch(/^\d+$/);

    // Project 1 (the demo community submitted to it): the page's order is the API's.
    const p1 = api.projects[0]!.submissions;
    expect(p1.length).toBeGreaterThan(0);
    const titles = await rows(page, "submissions").locator(".ranking-title").allTextContents();
    expect(titles.slice(0, 3)).toEqual(p1.slice(0, 3).map((s) => s.title));
    // Another project through the selector, kept in the URL.
    await page.getByRole("button", { name: "Project 2" }).click();
    await page.waitForURL(/\?n=2$/);
    // The URL changes first, the selector's pressed state on the next render: wait for it, do not read it once.
    await page.getByRole("button", { name: "Project 2", pressed: true }).waitFor();

    const holderNames = await rows(page, "holders").locator("strong").allTextContents();
    expect(holderNames).toContain(NAME);
    expect(await rows(page, "tippers").count()).toBe(api.tippers.length);
    await expectAccessible(page);
    await screenshot(page, "leaderboard");
    await context.close();

    const phone = await openPage(browser, stack, "/leaderboard", { wallet: false, viewport: PHONE });
    await rows(phone.page, "holders").first().waitFor();
    await expectAccessible(phone.page);
    await screenshot(phone.page, "leaderboard-phone");
    await phone.context.close();
  });

  it("a 320 px phone shows each name and title with its words whole, not cut into pieces of a few letters", async () => {
    const { page, context } = await openPage(browser, stack, "/leaderboard", {
      wallet: false,
      viewport: { width: 320, height: 640 },
    });
    await rows(page, "holders").first().waitFor();
    await rows(page, "submissions").first().waitFor();
    expect(await wordsSplitAcrossLines(page, ".ranking-who strong")).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await screenshot(page, "leaderboard-320");
    await context.close();
  });

  it("a student finds their own rows marked, with their CC on chain", async () => {
    const { page, context } = await openPage(browser, stack, "/leaderboard", { wallet: { signer: student.key } });
    await connectWallet(page);
    const mine = rows(page, "holders").filter({ hasText: NAME });
    await mine.filter({ hasText: "(you)" }).waitFor();
    expect(await mine.getAttribute("class")).toContain("me");
    expect(await mine.locator(".ranking-amount").textContent()).toBe("7 CC");
    const api = await board();
    const rank = api.holders.find((h) => h.wallet === student.wallet)?.rank;
    expect(await mine.locator(".rank").textContent()).toBe(`Rank ${rank}`);
    // Tipped nothing: held, not ranked among the tippers (before: a row with "0 CC").
    expect(await rows(page, "tippers").filter({ hasText: NAME }).count()).toBe(0);
    await screenshot(page, "leaderboard-student");
    await context.close();
  });

  it("the admin is not ranked, and a profile the admin archives leaves the leaderboard until restored", async () => {
    const { page, context } = await openPage(browser, stack, "/leaderboard", { wallet: { signer: 0 } });
    await connectWallet(page);
    await rows(page, "holders").first().waitFor();
    expect(await page.getByText("(you)").count()).toBe(0);

    await page.goto(`${stack.url}/admin?tab=profiles`);
    await page.getByRole("button", { name: `Archive ${NAME}` }).click();
    expect((await readAlert(page)).text).toBe(adminSuccessMessages.profileArchived(true));
    expect((await board()).holders.some((h) => h.wallet === student.wallet)).toBe(false);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Leaderboard" }).click();
    await rows(page, "holders").first().waitFor();
    expect(await rows(page, "holders").filter({ hasText: NAME }).count()).toBe(0);

    await page.goto(`${stack.url}/admin?tab=profiles`);
    await page.getByRole("button", { name: `Restore ${NAME}` }).click();
    expect((await readAlert(page)).text).toBe(adminSuccessMessages.profileArchived(false));
    expect((await board()).holders.some((h) => h.wallet === student.wallet)).toBe(true);
    await context.close();
  });

  it("live: an open leaderboard follows an archived and restored profile, a new profile and a new submission", async () => {
    // The page never polls: only the live stream can change it. The wait allows for a loaded CI machine.
    const live = { timeout: 10_000 };
    const lars = await createMember(stack, { name: "Lars Live", cc: "3" });
    // Funded and signed in before the page opens, so the treasury's transfer is not what refreshes the page.
    const newcomer = freshWallet();
    await fundWallet(stack, newcomer.address, { eth: "1", cc: "2" });
    const newcomerCookie = await signInOverHttp(stack.url, newcomer.key);
    const newcomerWallet = newcomer.address.toLowerCase();

    const { page, context } = await openPage(browser, stack, "/leaderboard", { wallet: { signer: lars.key } });
    try {
      await connectWallet(page);
      const larsRow = rows(page, "holders").filter({ hasText: "Lars Live" });
      await larsRow.filter({ hasText: "(you)" }).waitFor();

      const archive = (archived: boolean) =>
        adminPost(stack, "/api/admin/profiles/archive", { wallet: lars.wallet, archive: archived });
      expect((await archive(true)).status).toBe(200);
      await larsRow.waitFor({ state: "detached", ...live });
      expect(await page.getByText("(you)").count()).toBe(0);
      await screenshot(page, "leaderboard-live-archived");
      expect((await archive(false)).status).toBe(200);
      await larsRow.filter({ hasText: "(you)" }).waitFor(live);

      const profile = new FormData();
      for (const [name, value] of Object.entries({
        wallet: newcomerWallet,
        name: "Nia Newcomer",
        birthday: "2010-03-03",
        starSign: "Pisces",
      })) {
        profile.append(name, value);
      }
      const created = await fetch(`${stack.url}/api/profiles`, {
        method: "POST",
        headers: { cookie: newcomerCookie },
        body: profile,
      });
      expect(created.ok, await created.clone().text()).toBe(true);
      await rows(page, "holders").filter({ hasText: "Nia Newcomer" }).waitFor(live);

      const title = `Live lighthouse ${Date.now().toString(36)}`;
      const submission = new FormData();
      submission.append("wallet", newcomerWallet);
      submission.append("projectNumber", "1");
      submission.append("title", title);
      submission.append("description", "For the live leaderboard test");
      submission.append(
        "image",
        new Blob([new Uint8Array(solidPng(32, [240, 200, 60]))], { type: "image/png" }),
        "l.png",
      );
      const submitted = await fetch(`${stack.url}/api/projects`, {
        method: "POST",
        headers: { cookie: newcomerCookie },
        body: submission,
      });
      expect(submitted.ok, await submitted.clone().text()).toBe(true);
      await rows(page, "submissions").filter({ hasText: title }).waitFor(live);
      await screenshot(page, "leaderboard-live");
    } finally {
      await context.close();
    }
  });
});
