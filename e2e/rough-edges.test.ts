/**
 * Issue 17's rough edges, each as a student, a visitor or the admin meets it in Chromium on the shared stack
 * (fresh members of this file only; it counts nothing other files change): an archived student told so
 * everywhere, a real 404 page, forum messages that follow the text, one count of active bounties, the phone
 * layouts (explorer cards, the details dialog at its top, admin tabs in one row, whole addresses on profile
 * cards, dates on one line), no console error for an expected absence, demo tips that really happened, and
 * the bio. (The wallet page's banners, its "11,012 CC" and its faucet command are in wallet-page.test.ts; tips
 * of 1.5 CC in live-updates.test.ts.) Ends with a screenshot of every route at 1280 and 375 px.
 */
import { isActiveBounty } from "@classcoin/shared/bounty-state";
import type { Bounty, Post, Project } from "@classcoin/shared/entities";
import { messages } from "@classcoin/shared/messages";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminPost } from "./harness/admin-calls";
import { launchBrowser, screenshot } from "./harness/browser";
import { connectWallet } from "./harness/connect";
import { freshWallet } from "./harness/funding";
import { createMember, type Member } from "./harness/members";
import { DESKTOP, fewAtATime, openPage, PHONE, settled } from "./harness/pages";
import { useSharedStack } from "./harness/shared-stack";
import type { E2EStack } from "./harness/stack";

const ARCHIVED = "Your profile was archived by the instructor.";

let stack: E2EStack;
let browser: Browser;
const suffix = Date.now().toString(36).slice(-4);

beforeAll(async () => {
  [stack, browser] = await Promise.all([useSharedStack(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
});

const api = async <T>(path: string): Promise<T> => (await fetch(`${stack.url}${path}`)).json() as Promise<T>;

/** Console errors and HTTP answers of 400 or more a page produces (an expected absence must be neither). */
function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") problems.push(`console: ${m.text()}`);
  });
  page.on("response", (r) => {
    if (r.status() >= 400) problems.push(`HTTP ${r.status()} ${r.url()}`);
  });
  return problems;
}

describe("issue 17: every page as a student meets it", () => {
  it("1. an archived student is told so plainly on /profiles, /forum and /projects, with what they can still do", async () => {
    const member = await createMember(stack, { name: `Ari Archived ${suffix}`, cc: "5" });
    const res = await adminPost(stack, "/api/admin/profiles/archive", { wallet: member.wallet, archive: true });
    expect(res.status, await res.clone().text()).toBe(200);

    const { page, context } = await openPage(browser, stack, "/profiles", { wallet: { signer: member.key } });
    await connectWallet(page);
    const notice = page.getByTestId("archived-notice");
    await notice.getByText(ARCHIVED).waitFor();
    expect(await notice.innerText()).toContain("You can still read everything");
    expect(await page.getByRole("form", { name: "Create profile" }).count()).toBe(0);
    await screenshot(page, "archived-profiles");

    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Forum" }).click();
    await page.getByTestId("archived-notice").getByText(ARCHIVED).waitFor();
    expect(await page.getByLabel("Write a post").count()).toBe(0);
    expect(await page.getByText(messages.post.profile).count()).toBe(0);
    const strip = page.getByTestId("user-strip");
    await strip.getByText("Profile archived").waitFor();
    expect(await strip.getByRole("link", { name: "Create Profile" }).count()).toBe(0);

    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Projects" }).click();
    await page.getByRole("region", { name: "Your submission" }).getByText(ARCHIVED).waitFor();
    expect(await page.getByRole("link", { name: "Create Profile" }).count()).toBe(0);
    await screenshot(page, "archived-projects");

    // The Feed and a post's comments said "Create a profile before …. Create your profile", a link to a page
    // that cannot make one (a wallet keeps its one profile, archived or not).
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Feed" }).click();
    await page.getByTestId("archived-notice").getByText(ARCHIVED).waitFor();
    expect(await page.getByText(messages.feed.profile).count()).toBe(0);
    expect(await page.locator("main").getByRole("link", { name: "Create your profile" }).count()).toBe(0);

    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Forum" }).click();
    const post = page.locator("main article").first();
    await post.getByRole("button", { name: /^Comments/ }).click();
    await post.getByTestId("archived-notice").getByText(ARCHIVED).waitFor();
    expect(await post.getByText(messages.comment.profile).count()).toBe(0);
    expect(await page.locator("main").getByRole("link", { name: "Create your profile" }).count()).toBe(0);
    await context.close();
  });

  it("3. an unknown route is a real 404 page with a way home", async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const { page, context } = await openPage(browser, stack, "/no-such-page", { wallet: false, viewport });
      await page.getByRole("heading", { level: 1, name: "Page not found" }).waitFor();
      expect(await page.locator("main").innerText()).toContain("/no-such-page");
      expect(await page.getByText("being built").count()).toBe(0);
      await screenshot(page, `not-found-${viewport.width}`);
      await page.getByRole("link", { name: "Go to the home page" }).click();
      await page.getByRole("heading", { level: 1, name: "Welcome to ClassCoin" }).waitFor();
      await context.close();
    }
  });

  it("4. the forum's messages follow the text: a fixed problem's message goes, a new one comes", async () => {
    const member = await createMember(stack, { name: `Fay Forum ${suffix}`, cc: "2" });
    const { page, context } = await openPage(browser, stack, "/forum", { wallet: { signer: member.key } });
    await connectWallet(page);
    const composer = page.getByLabel("Write a post");
    await composer.fill("   ");
    await page.getByRole("button", { name: "Post", exact: true }).click();
    await page.getByText(messages.post.empty).waitFor();
    await composer.fill("a".repeat(1801));
    await page.getByText(messages.post.empty).waitFor({ state: "detached" });
    expect(await page.getByTestId("post-counter").textContent()).toBe("1801/2000");
    await composer.fill("a".repeat(2001));
    await page.getByText(messages.post.tooLong).waitFor();
    await composer.fill("Fine now");
    await page.getByText(messages.post.tooLong).waitFor({ state: "detached" });
    await context.close();
  });

  it("5. /bounties and home count active bounties the same way (a crossed-out one is not active)", async () => {
    const bounties = await api<Bounty[]>("/api/admin/public/bounties");
    const active = bounties.filter(isActiveBounty);
    expect(bounties.some((b) => b.status === "active" && b.crossedOut)).toBe(true);
    const { page, context } = await openPage(browser, stack, "/bounties", { wallet: false });
    const count = page.getByTestId("active-count");
    await count.waitFor();
    expect(await count.textContent()).toBe(
      active.length === 1 ? "1 active bounty" : `${active.length} active bounties`,
    );
    await page.goto(`${stack.url}/`);
    const home = page.getByRole("region", { name: "Open bounties" }).locator("li");
    await home.first().waitFor();
    expect(await home.count()).toBe(Math.min(active.length, 4));
    await context.close();
  });

  describe("7. on a phone (375 px)", () => {
    it("the explorer stacks each transaction as a card (nothing scrolls sideways) and the dialog opens at its top", async () => {
      const { page, context } = await openPage(browser, stack, "/explorer", { wallet: false, viewport: PHONE });
      const row = page.getByTestId("tx-row").first();
      await row.waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      const view = row.getByRole("button", { name: "View" });
      const box = await view.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
      await screenshot(page, "phone-explorer-cards");
      await view.click();
      const dialog = page.getByRole("dialog", { name: "Transaction details" });
      await dialog.waitFor();
      expect(await dialog.evaluate((d) => d.scrollTop)).toBe(0);
      const heading = await dialog.getByRole("heading", { name: "Transaction details" }).boundingBox();
      expect(heading && heading.y >= 0 && heading.y < PHONE.height).toBe(true);
      await screenshot(page, "phone-explorer-dialog");
      await dialog.getByRole("button", { name: "Close" }).click();
      await context.close();
    });

    it("the admin tabs wrap into rows with none cut off; the Deploy text says the coins are minted", async () => {
      const { page, context } = await openPage(browser, stack, "/admin", { wallet: { signer: 0 }, viewport: PHONE });
      await connectWallet(page);
      const tabs = page.getByRole("tablist", { name: "Admin sections" });
      await tabs.getByRole("tab", { name: "Dashboard" }).waitFor();
      // Every tab is whole and in view (a sideways-scrolling row used to cut the last one, "Comn").
      const layout = await tabs.evaluate((list) => {
        const box = list.getBoundingClientRect();
        return {
          tops: [...list.querySelectorAll<HTMLElement>('[role="tab"]')].map((t) => t.offsetTop),
          cut: [...list.querySelectorAll<HTMLElement>('[role="tab"]')]
            .filter((t) => t.getBoundingClientRect().right > box.right + 1 || t.scrollWidth > t.clientWidth + 1)
            .map((t) => t.textContent),
          scrolls: list.scrollWidth > list.clientWidth,
        };
      });
      expect(new Set(layout.tops).size).toBeGreaterThan(1);
      expect(layout.cut).toEqual([]);
      expect(layout.scrolls).toBe(false);
      await tabs.getByRole("tab", { name: /^Deploy/ }).click();
      const panel = page.getByRole("tabpanel");
      await panel.getByRole("heading", { name: "Deploy ClassCoin" }).waitFor();
      const text = await panel.innerText();
      expect(text).toContain("of new coins");
      expect(text).not.toContain("treasury");
      await screenshot(page, "phone-admin-deploy");
      await context.close();
    });

    it("profile cards show whole wallet addresses on one line; dates in the forum preview do not wrap", async () => {
      const { page, context } = await openPage(browser, stack, "/profiles", { wallet: false, viewport: PHONE });
      const address = page.locator(".profile-card .wallet-full").first();
      await address.waitFor();
      const fits = await page.locator(".profile-card .wallet-full").evaluateAll((els) =>
        els.map((el) => ({
          lines: Math.round(el.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(el).lineHeight)),
          clipped: el.scrollWidth > el.clientWidth + 1,
          text: el.textContent,
        })),
      );
      for (const fit of fits) expect(fit, String(fit.text)).toMatchObject({ lines: 1, clipped: false });
      await screenshot(page, "phone-profiles");

      await page.goto(`${stack.url}/`);
      const times = page.locator(".latest-posts time");
      await times.first().waitFor();
      const lines = await times.evaluateAll((els) => els.map((el) => el.getClientRects().length));
      expect(lines.every((n) => n === 1)).toBe(true);
      await context.close();
    });
  });

  it("8. no console error or failed request for what is simply not there yet (no profile, no session)", async () => {
    const pages = ["/", "/profiles", "/forum", "/projects", "/bounties", "/explorer"];
    const fresh = freshWallet();
    const visits = (["visitor", "wallet without a profile"] as const).flatMap((who) =>
      pages.map((path) => ({ who, path })),
    );
    await fewAtATime(visits, async ({ who, path }) => {
      const wallet = who === "visitor" ? false : { signer: fresh.key };
      const { page, context } = await openPage(browser, stack, "/nothing-yet", { wallet });
      const problems = watchProblems(page);
      await page.goto(`${stack.url}${path}`);
      await page.locator("main h1").first().waitFor();
      if (who !== "visitor") {
        await connectWallet(page);
        // What the connected wallet's pages ask for (its profile, its submission, its session) has answered.
        await page.getByTestId("header-balance").filter({ hasText: /CC$/ }).waitFor();
        await settled(page);
      }
      expect(problems, `${who} on ${path}`).toEqual([]);
      await context.close();
    });
  });

  it("8. the demo's tips are real: 'I tipped 5 CC to every still life I liked' and the still life shows it", async () => {
    const posts = await api<Post[]>("/api/posts?limit=100");
    const boast = posts.find((p) => p.content.startsWith("I tipped 5 CC to every still life I liked"));
    expect(boast?.authorName).toBe("Diego Ruiz");
    const lemons = (await api<Project[]>("/api/projects/2")).find((p) => p.title === "Three lemons");
    expect(lemons?.totalReceived).toBeGreaterThanOrEqual(5);
    const tips = await api<{ transactions: { fromName: string | null; amount: number }[] }>(
      "/api/explorer/transactions?type=project_tip&limit=100",
    );
    expect(tips.transactions.some((t) => t.fromName === "Diego Ruiz" && t.amount === 5)).toBe(true);
  });

  it("9. a student writes a bio (at most 280 characters) and the community's cards show it", async () => {
    const member: Member = await createMember(stack, { name: `Bo Bio ${suffix}`, cc: "2" });
    const { page, context } = await openPage(browser, stack, "/profiles", { wallet: { signer: member.key } });
    await connectWallet(page);
    await page.getByRole("button", { name: "Edit" }).click();
    const form = page.getByRole("form", { name: "Edit profile" });
    const bio = form.getByLabel("Bio (optional)");
    await bio.fill("x".repeat(281));
    expect(await form.getByTestId("bio-counter").textContent()).toBe("281/280");
    await form.getByRole("button", { name: "Save Profile" }).click();
    await form.getByText("Bio is too long. Maximum 280 characters allowed.").waitFor();
    await bio.fill("I paint foxes 🦊 and draw comics.");
    expect(await form.getByTestId("bio-counter").textContent()).toBe("32/280");
    await form.getByRole("button", { name: "Save Profile" }).click();
    await page.getByRole("region", { name: "Your profile" }).getByText("I paint foxes 🦊 and draw comics.").waitFor();
    await context.close();

    const visitor = await openPage(browser, stack, "/profiles", { wallet: false });
    const card = visitor.page.locator("article.profile-card", { hasText: `Bo Bio ${suffix}` });
    await card.locator(".bio").filter({ hasText: "I paint foxes 🦊 and draw comics." }).waitFor();
    await visitor.context.close();
  });

  it("screenshots of every route at 1280 and 375 px (a student with a profile; the admin for /admin)", async () => {
    const member = await createMember(stack, { name: `Sam Shots ${suffix}`, cc: "12" });
    const routes = [
      ["home", "/"],
      ["profiles", "/profiles"],
      ["forum", "/forum"],
      ["projects", "/projects"],
      ["bounties", "/bounties"],
      ["explorer", "/explorer"],
      ["admin", "/admin"],
      ["wallet", "/wallet"],
      ["404", "/this/does/not/exist"],
    ] as const;
    const shots = [DESKTOP, PHONE].flatMap((viewport) => routes.map(([name, path]) => ({ viewport, name, path })));
    await fewAtATime(shots, async ({ viewport, name, path }) => {
      const signer = name === "admin" ? 0 : member.key;
      const { page, context } = await openPage(browser, stack, path, { wallet: { signer }, viewport });
      if (name === "wallet") {
        await page.getByRole("button", { name: messages.wallet.connectButton }).click();
        await page.getByTestId("wallet-balance").waitFor();
      } else {
        await connectWallet(page).catch(async (error: Error) => {
          await screenshot(page, `route-${name}-${viewport.width}-connect-failed`);
          const body = (await page.locator("body").innerText()).slice(0, 400);
          throw new Error(`${error.message}\nThe page showed: ${body}`);
        });
        if (name === "admin") await page.getByTestId("dashboard-profiles").waitFor();
        // Lists and pictures settle (the live-update stream stays open, so there is no "network idle").
        await settled(page);
      }
      await screenshot(page, `route-${name}-${viewport.width}`);
      await context.close();
    });
  });
});
