/**
 * Predictions on /projects in Chromium (issue 18), on a stack of its own (it opens and closes the class's
 * rounds): a visitor finds them not open; the admin opens Project 2; a student predicts a classmate's
 * submission (confirmed, then locked: a second try is refused with the original's sentence); the author of a
 * submission is not offered their own; once the admin closes the round everyone sees who was right. Live:
 * a student's open page and the admin's Predictions tab follow the round (opened, a classmate's submission, a
 * prediction counted, closed with its results), without a reload.
 */
import { devAccount } from "@classcoin/contracts/dev-accounts";
import { adminSuccessMessages } from "@classcoin/shared/admin";
import { messages } from "@classcoin/shared/messages";
import type { PredictionRound } from "@classcoin/shared/predictions";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible } from "./harness/accessibility";
import { adminPost } from "./harness/admin-calls";
import { readAlert } from "./harness/alerts";
import { launchBrowser, screenshot } from "./harness/browser";
import { connectWallet } from "./harness/connect";
import { createMember, type Member } from "./harness/members";
import { openPage, PHONE } from "./harness/pages";
import { solidPng } from "./harness/solid-png";
import { type E2EStack, startStack } from "./harness/stack";

let stack: E2EStack;
let browser: Browser;
let student: Member;

beforeAll(async () => {
  [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
  student = await createMember(stack, { name: "Pat Predictor", cc: "2" });
});
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

const round = async (n: number, cookie?: string): Promise<PredictionRound> =>
  (await fetch(`${stack.url}/api/predictions/${n}`, { headers: cookie ? { cookie } : {} })).json();
const panel = (page: Page) => page.getByTestId("predictions");

async function adminSetsRound(open: boolean) {
  const { page, context } = await openPage(browser, stack, "/admin?tab=predictions", { wallet: { signer: 0 } });
  await connectWallet(page);
  const name = `${open ? "Open" : "Close"} predictions for Project 2`;
  await page.getByRole("button", { name }).click();
  if (!open) {
    // Asked twice: closing shows everyone the results and cannot be undone this semester.
    const dialog = page.getByRole("alertdialog");
    await dialog.getByText(messages.prediction.closeConfirm(2)).waitFor();
    await dialog.getByRole("button", { name: "Close predictions", exact: true }).click();
  }
  expect((await readAlert(page)).text).toBe(adminSuccessMessages.predictionsOpen(2, open));
  if (open) await page.getByRole("button", { name: "Close predictions for Project 2" }).waitFor();
  else {
    await page.getByText("Results are public; closed for this semester.").waitFor();
    expect(await page.getByRole("button", { name: "Open predictions for Project 2" }).count()).toBe(0);
  }
  await expectAccessible(page);
  await screenshot(page, open ? "admin-predictions" : "admin-predictions-closed");
  await context.close();

  // On a phone the row's action takes its own line (before: the button covered the status badge, and "Project 2"
  // broke mid-word beside it).
  const phone = await openPage(browser, stack, "/admin?tab=predictions", { wallet: { signer: 0 }, viewport: PHONE });
  await connectWallet(phone.page);
  const row = phone.page.getByTestId("admin-prediction-round").filter({ hasText: "Project 2" });
  const badge = await row.locator(".badge").first().boundingBox();
  const action = await row.locator(".admin-row-actions").boundingBox();
  const title = await row.getByText("Project 2", { exact: true }).boundingBox();
  if (!badge || !action || !title) throw new Error("the Project 2 row has no badge, action or title");
  expect(action.y).toBeGreaterThanOrEqual(badge.y + badge.height);
  expect(title.height).toBeLessThan(30);
  expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await screenshot(phone.page, open ? "admin-predictions-phone" : "admin-predictions-closed-phone");
  await phone.context.close();
}

describe("predictions", () => {
  it("a visitor finds predictions not open yet, and none on Project 1", async () => {
    const { page, context } = await openPage(browser, stack, "/projects?n=2", { wallet: false });
    await panel(page).getByText(messages.prediction.notOpen(2)).waitFor();
    await page.getByRole("button", { name: "Project 1" }).click();
    await page.waitForURL(/n=1/);
    await page.locator("article.submission-card").first().waitFor();
    // The previous project's panel may still be leaving as the new cards appear: wait for it to go.
    await expect.poll(() => panel(page).count()).toBe(0);
    await context.close();
  });

  it("the admin opens Project 2; a student predicts a classmate's submission once, and it is locked", async () => {
    await adminSetsRound(true);
    const { page, context } = await openPage(browser, stack, "/projects?n=2", { wallet: { signer: student.key } });
    await connectWallet(page);
    const select = panel(page).getByLabel("Your prediction");
    await select.waitFor();
    await panel(page).getByRole("button", { name: "Predict" }).click();
    await panel(page).getByText(messages.prediction.target).waitFor();
    await select.selectOption({ label: "Three lemons by Chloé Martin" });
    await panel(page).getByRole("button", { name: "Predict" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Make your prediction" });
    await dialog.getByText(messages.prediction.confirm("Three lemons", "Chloé Martin")).waitFor();
    await dialog.getByRole("button", { name: "Predict" }).click();
    await panel(page)
      .getByTestId("my-prediction")
      .getByText('You predicted "Three lemons" by Chloé Martin. Predictions cannot be changed.')
      .waitFor();
    expect(await select.count()).toBe(0);
    await expectAccessible(page);
    await screenshot(page, "projects-predictions-open");

    // Locked on the server too, in the original's words.
    const mine = (await round(2, student.cookie)).mine;
    const again = await fetch(`${stack.url}/api/predictions`, {
      method: "POST",
      headers: { cookie: student.cookie, "content-type": "application/json" },
      body: JSON.stringify({ projectNumber: 2, predictorWallet: student.wallet, projectId: mine?.projectId }),
    });
    expect(again.status).toBe(409);
    expect((await again.json()).error).toBe(messages.prediction.already(2));
    await context.close();

    const phone = await openPage(browser, stack, "/projects?n=2", { wallet: { signer: student.key }, viewport: PHONE });
    await connectWallet(phone.page);
    // A new browser has no wallet session yet, so the form shows; trying again gives the original's sentence,
    // and once signed in the page shows the locked prediction.
    await panel(phone.page).getByLabel("Your prediction").selectOption({ label: "Sneakers by Diego Ruiz" });
    await panel(phone.page).getByRole("button", { name: "Predict" }).click();
    await phone.page
      .getByRole("alertdialog", { name: "Make your prediction" })
      .getByRole("button", { name: "Predict" })
      .click();
    expect((await readAlert(phone.page)).text).toBe(messages.prediction.already(2));
    await panel(phone.page)
      .getByTestId("my-prediction")
      .getByText(/"Three lemons"/)
      .waitFor();
    await screenshot(phone.page, "projects-predictions-open-phone");
    await phone.context.close();
  });

  it("the author of a submission is not offered their own; a visitor sees a count but nobody's prediction", async () => {
    const open = await round(2);
    const lemons = open.candidates.find((c) => c.title === "Three lemons");
    const index = Array.from({ length: 10 }, (_, i) => i).find(
      (i) => devAccount(i).address.toLowerCase() === lemons?.authorWallet,
    );
    expect(index).toBeDefined();
    const { page, context } = await openPage(browser, stack, "/projects?n=2", { wallet: { signer: index } });
    await connectWallet(page);
    await panel(page).getByLabel("Your prediction").locator("option").nth(1).waitFor({ state: "attached" });
    const options = await panel(page).getByLabel("Your prediction").locator("option").allTextContents();
    expect(options).toContain("Sneakers by Diego Ruiz");
    expect(options.some((o) => o.startsWith("Three lemons"))).toBe(false);
    await context.close();

    const visitor = await openPage(browser, stack, "/projects?n=2", { wallet: false });
    await panel(visitor.page)
      .getByText(/1 prediction made so far/)
      .waitFor();
    expect(await panel(visitor.page).getByText("Pat Predictor").count()).toBe(0);
    await visitor.context.close();
  });

  it("an archived student is told their profile is archived, not sent to create one", async () => {
    // Before: "Create a profile before making a prediction. Create your profile", a link to a page that cannot
    // make one (a wallet keeps its one profile, archived or not).
    const archived = await createMember(stack, { name: "Ari Archived", cc: "1" });
    const res = await adminPost(stack, "/api/admin/profiles/archive", { wallet: archived.wallet, archive: true });
    expect(res.status, await res.clone().text()).toBe(200);
    const { page, context } = await openPage(browser, stack, "/projects?n=2", { wallet: { signer: archived.key } });
    await connectWallet(page);
    await panel(page)
      .getByTestId("archived-notice")
      .getByText("Your profile was archived by the instructor.")
      .waitFor();
    expect(await panel(page).getByText(messages.prediction.profile).count()).toBe(0);
    expect(await panel(page).getByRole("link", { name: "Create your profile" }).count()).toBe(0);
    expect(await panel(page).getByLabel("Your prediction").count()).toBe(0);
    await context.close();
  });

  it("once the admin closes it, everyone sees every prediction and who was right", async () => {
    await adminSetsRound(false);
    const closed = await round(2);
    expect(closed.status).toBe("closed");
    const right = closed.winners.includes(closed.predictions[0]?.projectId ?? "");
    for (const viewport of [undefined, PHONE]) {
      const { page, context } = await openPage(browser, stack, "/projects?n=2", { wallet: false, viewport });
      const row = panel(page).getByTestId("prediction-result").filter({ hasText: "Pat Predictor" });
      await row.getByText(right ? "Right" : "Not this time").waitFor();
      await panel(page)
        .getByTestId("prediction-winners")
        .getByText(/Received the most/)
        .waitFor();
      await expectAccessible(page);
      await panel(page).scrollIntoViewIfNeeded();
      await screenshot(page, viewport ? "projects-predictions-results-phone" : "projects-predictions-results");
      await context.close();
    }
  });

  it("live: a student's open page and the admin's tab follow Project 4's round, a submission and a prediction", async () => {
    // The change shows with no reload: neither page polls, so only the live stream can bring it. The wait
    // allows for a loaded CI machine (two e2e workers and Chromium on two cores).
    const live = (locator: Locator, state: "visible" | "attached" = "visible") =>
      locator.waitFor({ state, timeout: 10_000 });
    const [author, predictor] = [
      await createMember(stack, { name: "Quinn Quickdraw", cc: "1" }),
      await createMember(stack, { name: "Rae Reckoner", cc: "1" }),
    ];
    const watching = await openPage(browser, stack, "/projects?n=4", { wallet: { signer: student.key } });
    const admin = await openPage(browser, stack, "/admin?tab=predictions", { wallet: { signer: 0 } });
    try {
      const watcher = watching.page;
      await connectWallet(watcher);
      await panel(watcher).getByText(messages.prediction.notOpen(4)).waitFor();
      await connectWallet(admin.page);
      const adminRow = admin.page.getByTestId("admin-prediction-round").filter({ hasText: "Project 4" });
      await adminRow.getByText("· 0 predictions").waitFor();

      // Opened by the admin: the student's page, on the same project, takes predictions (nobody submitted yet).
      await admin.page.getByRole("button", { name: "Open predictions for Project 4" }).click();
      expect((await readAlert(admin.page)).text).toBe(adminSuccessMessages.predictionsOpen(4, true));
      await live(panel(watcher).getByText("No classmate has submitted to this project yet."));

      // A classmate submits: the grid and the panel's choices both show it.
      const form = new FormData();
      form.append("wallet", author.wallet);
      form.append("projectNumber", "4");
      form.append("title", "Quiet harbour");
      form.append("description", "For the live predictions test");
      form.append("image", new Blob([new Uint8Array(solidPng(32, [30, 90, 150]))], { type: "image/png" }), "a.png");
      const submitted = await fetch(`${stack.url}/api/projects`, {
        method: "POST",
        headers: { cookie: author.cookie },
        body: form,
      });
      expect(submitted.ok, await submitted.clone().text()).toBe(true);
      const option = panel(watcher).getByLabel("Your prediction").getByRole("option", {
        name: "Quiet harbour by Quinn Quickdraw",
      });
      await live(option, "attached");

      // Another student predicts: the count on the page and in the admin's tab.
      const made = await fetch(`${stack.url}/api/predictions`, {
        method: "POST",
        headers: { cookie: predictor.cookie, "content-type": "application/json" },
        body: JSON.stringify({
          projectNumber: 4,
          predictorWallet: predictor.wallet,
          projectId: (await submitted.json())._id,
        }),
      });
      expect(made.ok, await made.clone().text()).toBe(true);
      await live(panel(watcher).getByText(/1 prediction made so far/));
      await live(adminRow.getByText("· 1 prediction", { exact: true }));
      await screenshot(watcher, "projects-predictions-live-open");
      await screenshot(admin.page, "admin-predictions-live");

      // Closed by the admin: the student's page shows everyone's predictions and the result.
      await admin.page.getByRole("button", { name: "Close predictions for Project 4" }).click();
      const dialog = admin.page.getByRole("alertdialog");
      await dialog.getByRole("button", { name: "Close predictions", exact: true }).click();
      expect((await readAlert(admin.page)).text).toBe(adminSuccessMessages.predictionsOpen(4, false));
      await live(panel(watcher).getByTestId("prediction-result").filter({ hasText: "Rae Reckoner" }));
      await live(panel(watcher).getByTestId("prediction-winners"));
      expect(await panel(watcher).getByLabel("Your prediction").count()).toBe(0);
      await panel(watcher).scrollIntoViewIfNeeded();
      await screenshot(watcher, "projects-predictions-live-closed");
    } finally {
      await admin.context.close();
      await watching.context.close();
    }
  });
});
