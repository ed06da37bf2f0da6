/**
 * Semesters in Chromium (issue 18), the round trip, on a stack of its own (it archives and clears the whole
 * class): the demo class plus comments and replies is archived by the admin (name, preview of the counts), a
 * new semester is started in two steps; then a visitor finds the archive from the footer and it still shows
 * every profile name and photo, project image, post, comment, reply and transaction it captured, while the
 * live pages are empty but for bounties and the live explorer starts at the new semester; and a student of
 * last semester (no profile now) makes a profile again. Screenshots of every new page at 1280 and 375 px.
 */
import { devAccount } from "@classcoin/contracts/dev-accounts";
import type { Bounty, Transaction } from "@classcoin/shared/entities";
import { messages } from "@classcoin/shared/messages";
import type { PredictionRound } from "@classcoin/shared/predictions";
import type { Archive, ArchiveSummary } from "@classcoin/shared/semesters";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoBounties, demoPeople, demoPosts, demoProjects } from "../apps/api/src/demo/community";
import { signInOverHttp } from "../apps/api/src/security/http-sign-in";
import { expectAccessible } from "./harness/accessibility";
import { adminPost } from "./harness/admin-calls";
import { readAlert } from "./harness/alerts";
import { launchBrowser, screenshot } from "./harness/browser";
import { connectWallet } from "./harness/connect";
import { chainClient, freshWallet, fundWallet } from "./harness/funding";
import { wordsSplitAcrossLines } from "./harness/layout";
import { DESKTOP, imageLoaded, openPage, PHONE, settled } from "./harness/pages";
import { type E2EStack, startStack } from "./harness/stack";

let stack: E2EStack;
let browser: Browser;
const ARCHIVE_NAME = "Spring 2026";

/** Comments and replies written before archiving: [author (demo index), post index, reply to comment #, text]. */
const seededComments: { author: number; post: number; replyTo?: number; text: string }[] = [
  { author: 1, post: 0, text: "Hi all! Drawing my cat in charcoal this term." },
  { author: 2, post: 0, replyTo: 0, text: "Charcoal cats are the best cats." },
  { author: 3, post: 1, text: "Try a touch of burnt sienna with white." },
  { author: 0, post: 1, replyTo: 2, text: "Thanks, that fixed the grey!" },
  // A reply to a reply: it joins comment 0's thread and says whom it answers.
  { author: 1, post: 0, replyTo: 1, text: "Agreed, charcoal for the whiskers too." },
];

const get = async <T>(path: string): Promise<T> => {
  const res = await fetch(`${stack.url}${path}`);
  if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
};

/** A list answer: an array, or one page of a paged list (`{items}`). */
type Listed<T> = T[] | { items: T[] };
const itemsOf = <T>(list: Listed<T>): T[] => (Array.isArray(list) ? list : list.items);

interface TxPage {
  transactions: Transaction[];
  pagination: { current: number; total: number; hasNext: boolean };
}

/** Every row of a paged transaction list (the live explorer or an archive's). */
async function allTransactions(path: string): Promise<Transaction[]> {
  const rows: Transaction[] = [];
  for (let page = 1; ; page++) {
    const answer = await get<TxPage>(`${path}?page=${page}&limit=100`);
    rows.push(...answer.transactions);
    if (!answer.pagination.hasNext) return rows;
  }
}

/** Waits until the indexer has caught up: the live explorer's count holds still for a second. */
async function settledTransactions(): Promise<Transaction[]> {
  let last = -1;
  for (let i = 0; i < 60; i++) {
    const rows = await allTransactions("/api/explorer/transactions");
    if (rows.length > 0 && rows.length === last) return rows;
    last = rows.length;
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error("the explorer did not settle");
}

/** Every image in `scope` scrolled into view (they load lazily) and loaded with real pixels. */
async function expectImagesLoaded(scope: Locator): Promise<number> {
  const images = scope.locator("img");
  const count = await images.count();
  for (let i = 0; i < count; i++) {
    await imageLoaded(images.nth(i));
  }
  return count;
}

/** Nothing is wider than the phone's screen. */
async function expectNoSidewaysScroll(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(PHONE.width);
}

const section = (page: Page, name: string) =>
  page.getByRole("navigation", { name: "Archive sections" }).getByRole("button", { name });

let liveBefore: Transaction[] = [];
let bountiesBefore: Bounty[] = [];
let archive: Archive;

beforeAll(async () => {
  [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
  // The class: the demo community (profiles with photos, posts, submissions with images, tips on chain, bounties)
  // and comments with replies, written by the demo students through the API as their browsers would.
  const posts = itemsOf(await get<Listed<{ _id: string; content: string }>>("/api/posts"));
  const cookies = new Map<number, string>();
  const written: string[] = [];
  for (const c of seededComments) {
    const account = demoPeople[c.author]?.account ?? 1;
    if (!cookies.has(account)) cookies.set(account, await signInOverHttp(stack.url, devAccount(account).privateKey));
    const post = posts.find((p) => p.content === demoPosts[c.post]?.content);
    const res = await fetch(`${stack.url}/api/comments`, {
      method: "POST",
      headers: { cookie: cookies.get(account) ?? "", "content-type": "application/json" },
      body: JSON.stringify({
        postId: post?._id,
        parentCommentId: c.replyTo === undefined ? null : written[c.replyTo],
        authorWallet: devAccount(account).address.toLowerCase(),
        text: c.text,
      }),
    });
    if (!res.ok) throw new Error(`POST /api/comments: ${res.status} ${await res.text()}`);
    written.push(((await res.json()) as { _id: string })._id);
  }
  // A prediction on Project 2, closed, so the archive keeps who was right.
  const avaCookie = cookies.get(demoPeople[0]?.account ?? 1) ?? "";
  expect((await adminPost(stack, "/api/admin/predictions/round", { projectNumber: 2, open: true })).ok).toBe(true);
  const round = await get<PredictionRound>("/api/predictions/2");
  const lemons = round.candidates.find((c) => c.title === "Three lemons");
  const predicted = await fetch(`${stack.url}/api/predictions`, {
    method: "POST",
    headers: { cookie: avaCookie, "content-type": "application/json" },
    body: JSON.stringify({
      projectNumber: 2,
      predictorWallet: devAccount(demoPeople[0]?.account ?? 1).address.toLowerCase(),
      projectId: lemons?.projectId,
    }),
  });
  if (!predicted.ok) throw new Error(`POST /api/predictions: ${predicted.status} ${await predicted.text()}`);
  expect((await adminPost(stack, "/api/admin/predictions/round", { projectNumber: 2, open: false })).ok).toBe(true);
  // More transfers than one explorer page holds (25), so the archive's explorer pages.
  for (let i = 0; i < 16; i++) await fundWallet(stack, freshWallet().address, { cc: String(i + 1) });
  liveBefore = await settledTransactions();
  expect(liveBefore.length).toBeGreaterThan(25);
  bountiesBefore = await get<Bounty[]>("/api/admin/public/bounties");
});
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

describe("semesters: archive, new semester, the archive read-only", () => {
  it("a visitor finds the archive from the footer; there is none yet", async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const { page, context } = await openPage(browser, stack, "/", { wallet: false, viewport });
      // The home page loaded, as a person sees it before clicking (a loaded CI run clicked it while it was not).
      await settled(page);
      await page.getByRole("contentinfo").getByRole("link", { name: "Archive" }).click();
      await page.waitForURL(/\/archive$/);
      await page.getByRole("heading", { name: "Archive", level: 1 }).waitFor();
      await page.getByText("No archived semesters yet").waitFor();
      await expectAccessible(page);
      await screenshot(page, viewport === PHONE ? "semesters-archive-empty-phone" : "semesters-archive-empty");
      await context.close();
    }
  });

  it("the admin sees the preview, needs a name, archives; a new semester waits for the archive", async () => {
    const { page, context } = await openPage(browser, stack, "/admin?tab=semesters", { wallet: { signer: 0 } });
    await connectWallet(page);
    const preview = page.getByRole("definition").first();
    await preview.waitFor();
    const count = (key: string) => page.getByTestId(`count-${key}`).locator("dd").textContent();
    expect(await count("profiles")).toBe(String(demoPeople.length));
    expect(await count("photos")).toBe(String(demoPeople.length));
    expect(await count("projectSubmissions")).toBe(String(demoProjects.length));
    expect(await count("posts")).toBe(String(demoPosts.length));
    expect(await count("comments")).toBe(String(seededComments.length));
    expect(await count("transactions")).toBe(liveBefore.length.toLocaleString("en-US"));
    expect(await count("bounties")).toBe(String(bountiesBefore.length));
    expect(await count("predictions")).toBe("1");
    // Not archived yet: "Start new semester" waits, and says why.
    await page.getByTestId("archive-first").getByText(messages.semester.archiveFirst).waitFor();
    expect(await page.getByRole("button", { name: "Start new semester" }).isDisabled()).toBe(true);
    await expectAccessible(page);
    await screenshot(page, "semesters-admin-preview");

    await page.getByRole("button", { name: "Archive semester" }).click();
    await page.getByText(messages.semester.nameRequired).waitFor();
    await page.getByLabel("Archive name").fill(ARCHIVE_NAME);
    await page.getByRole("button", { name: "Archive semester" }).click();
    expect((await readAlert(page)).text).toBe(messages.semester.archived(ARCHIVE_NAME));
    await page.getByTestId("semester-archived").getByText("Archived").waitFor();
    expect(await page.getByRole("button", { name: "Start new semester" }).isDisabled()).toBe(false);
    // Archiving again replaces the archive: asked first (before: replaced on the first click). Cancel keeps it.
    await page.getByLabel("Archive name").fill(`${ARCHIVE_NAME} (again)`);
    await page.getByRole("button", { name: "Archive semester" }).click();
    const confirm = page.getByRole("group", { name: "Confirm replacing the archive" });
    await confirm.getByText(messages.semester.replaceConfirm(ARCHIVE_NAME)).waitFor();
    await screenshot(page, "semesters-admin-replace-confirm");
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await confirm.waitFor({ state: "detached" });
    expect((await get<ArchiveSummary[]>("/api/archives")).map((a) => a.name)).toEqual([ARCHIVE_NAME]);
    // Confirmed, it is replaced (the same name again: what follows reads this archive).
    await page.getByLabel("Archive name").fill(ARCHIVE_NAME);
    await page.getByRole("button", { name: "Archive semester" }).click();
    await confirm.getByRole("button", { name: "Yes, replace the archive" }).click();
    expect((await readAlert(page)).text).toBe(messages.semester.archived(ARCHIVE_NAME));
    await confirm.waitFor({ state: "detached" });
    await context.close();

    const phone = await openPage(browser, stack, "/admin?tab=semesters", { wallet: { signer: 0 }, viewport: PHONE });
    await connectWallet(phone.page);
    await phone.page.getByTestId("count-profiles").waitFor();
    await expectNoSidewaysScroll(phone.page);
    await screenshot(phone.page, "semesters-admin-preview-phone");
    await phone.context.close();

    const list = await get<ArchiveSummary[]>("/api/archives");
    expect(list.map((a) => a.name)).toEqual([ARCHIVE_NAME]);
    archive = await get<Archive>(`/api/archives/${list[0]?._id}`);
    // What it captured is the class as it was.
    expect(archive.profiles.map((p) => p.name).sort()).toEqual(demoPeople.map((p) => p.name).sort());
    expect(archive.profiles.every((p) => p.photo)).toBe(true);
    expect(archive.projects.map((p) => p.title).sort()).toEqual(demoProjects.map((p) => p.title).sort());
    expect(archive.posts.map((p) => p.content).sort()).toEqual(demoPosts.map((p) => p.content).sort());
    const texts = archive.posts.flatMap((p) => p.comments.flatMap((c) => [c.text, ...c.replies.map((r) => r.text)]));
    expect(texts.sort()).toEqual(seededComments.map((c) => c.text).sort());
    const archivedTx = await allTransactions(`/api/archives/${archive._id}/transactions`);
    expect(archivedTx.map((t) => t.txHash).sort()).toEqual(liveBefore.map((t) => t.txHash).sort());
  });

  it("the admin starts a new semester in two steps: the first says what is cleared, the second clears it", async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const { page, context } = await openPage(browser, stack, "/admin?tab=semesters", {
        wallet: { signer: 0 },
        viewport,
      });
      await connectWallet(page);
      await page.getByRole("button", { name: "Start new semester" }).click();
      const confirm = page.getByRole("group", { name: "Confirm new semester" });
      await confirm.getByText(messages.semester.startConfirm).waitFor();
      await confirm.getByLabel("Also clear the whitelist").waitFor();
      expect(await confirm.getByLabel("Also clear the whitelist").isChecked()).toBe(false);
      await expectAccessible(page);
      if (viewport === PHONE) {
        await expectNoSidewaysScroll(page);
        await screenshot(page, "semesters-admin-confirm-phone");
        // Cancel goes back: nothing is cleared.
        await confirm.getByRole("button", { name: "Cancel" }).click();
        await page.getByRole("button", { name: "Start new semester" }).waitFor();
        expect(itemsOf(await get<Listed<unknown>>("/api/posts")).length).toBe(demoPosts.length);
      } else {
        await screenshot(page, "semesters-admin-confirm");
        // A double click, as a hurried admin does: the semester is started once, with one alert. Before, the
        // second click's request was refused ("A new semester was started while this request was waiting…")
        // and alerted "Error: …" beside the success.
        await confirm.getByRole("button", { name: "Yes, start new semester" }).dblclick();
        expect((await readAlert(page)).text).toBe(messages.semester.started);
        await page.waitForTimeout(1500);
        expect(await page.getByRole("alertdialog").count()).toBe(0);
        await page
          .getByTestId("semester-cleared")
          .getByText(/Cleared 6 profiles, 5 posts, 5 comments/)
          .waitFor();
        // The new semester is not archived yet.
        await page.getByTestId("semester-archived").getByText("Not archived yet").waitFor();
        await screenshot(page, "semesters-admin-started");
      }
      await context.close();
    }
  });

  it("a visitor browses the archive: every profile, photo, image, post, comment, reply and transaction", async () => {
    const { page, context } = await openPage(browser, stack, "/", { wallet: false });
    await page.getByRole("contentinfo").getByRole("link", { name: "Archive" }).click();
    await page.getByTestId("archive-list").getByRole("link", { name: ARCHIVE_NAME }).click();
    await page.getByRole("heading", { name: ARCHIVE_NAME, level: 1 }).waitFor();
    expect(await page.getByRole("button", { name: /vote|tip|send/i }).count()).toBe(0);

    // Profiles: every name, with its photo loaded.
    const profiles = page.getByTestId("archive-profiles");
    await profiles.getByTestId("archived-profile").first().waitFor();
    for (const person of archive.profiles) {
      const card = profiles.getByTestId("archived-profile").filter({ hasText: person.name });
      await card.getByRole("heading", { name: person.name }).waitFor();
      expect(await card.locator("img.avatar").getAttribute("alt")).toBe(person.name);
    }
    expect(await expectImagesLoaded(profiles)).toBe(archive.profiles.length);
    await expectAccessible(page);
    await screenshot(page, "semesters-archive-profiles");

    // Projects: every submission with its image.
    await section(page, "Projects").click();
    const projects = page.getByTestId("archive-projects");
    for (const project of archive.projects) {
      await projects.getByRole("article", { name: `${project.title} by ${project.authorName}` }).waitFor();
    }
    const images = await projects.locator("img.archive-project-image").count();
    expect(images).toBe(archive.projects.length);
    await expectImagesLoaded(projects);
    await expectAccessible(page);
    await screenshot(page, "semesters-archive-projects");

    // Forum: every post, every comment and reply.
    await section(page, "Forum").click();
    const forum = page.getByTestId("archive-forum");
    for (const post of demoPosts) await forum.getByText(post.content).waitFor();
    for (const comment of seededComments) await forum.getByText(comment.text).waitFor();
    expect(await forum.getByTestId("archived-comment").count()).toBe(seededComments.length);
    // A reply sits under the comment it answers.
    const replies = forum.getByRole("list", { name: `Replies to ${demoPeople[1]?.name}` });
    await replies.getByText(seededComments[1]?.text ?? "").waitFor();
    // A reply to a reply stays in the thread and names whom it answers.
    const answer = replies.getByTestId("archived-comment").filter({ hasText: seededComments[4]?.text ?? "" });
    await answer
      .getByTestId("comment-reply-to")
      .getByText(messages.comment.replyingTo(demoPeople[seededComments[1]?.author ?? 0]?.name ?? ""))
      .waitFor();
    expect(await replies.getByTestId("comment-reply-to").count()).toBe(1);
    await expectImagesLoaded(forum);
    await expectAccessible(page);
    await screenshot(page, "semesters-archive-forum");

    // Explorer: every transaction it captured, page by page.
    await section(page, "Explorer").click();
    const explorer = page.getByTestId("archive-explorer");
    await explorer.getByTestId("archived-tx").first().waitFor();
    const seen: string[] = [];
    const pages = Math.ceil(liveBefore.length / 25);
    for (let n = 1; n <= pages; n++) {
      if (pages > 1) await explorer.getByTestId("page-label").getByText(`Page ${n} of ${pages}`).waitFor();
      await explorer.locator('[aria-busy="false"]').waitFor();
      seen.push(
        ...(await explorer.getByTestId("tx-hash").evaluateAll((els) => els.map((e) => e.getAttribute("title")))).map(
          String,
        ),
      );
      if (n === 1) {
        await expectAccessible(page);
        await screenshot(page, "semesters-archive-explorer");
      }
      if (n < pages) await explorer.getByRole("button", { name: "Next" }).click();
    }
    expect(seen.sort()).toEqual(liveBefore.map((t) => t.txHash).sort());

    // Leaderboard, bounties and predictions as archived.
    await section(page, "Leaderboard").click();
    const board = page.getByTestId("archive-leaderboard");
    await board
      .getByRole("region", { name: "Most CC held" })
      .getByText(demoPeople[0]?.name ?? "")
      .waitFor();
    await expectImagesLoaded(board);
    await expectAccessible(page);
    await screenshot(page, "semesters-archive-leaderboard");
    await section(page, "Bounties").click();
    for (const bounty of bountiesBefore) {
      await page.getByTestId("archive-bounties").getByRole("article", { name: bounty.title }).waitFor();
    }
    await screenshot(page, "semesters-archive-bounties");
    await section(page, "Predictions").click();
    // Project 2's closed round: Ava's prediction, and whether she was right ("Three lemons" received the most).
    await page
      .getByTestId("archive-predictions")
      .getByText(`${demoPeople[0]?.name} predicted "Three lemons" by Chloé Martin`)
      .waitFor();
    await page.getByTestId("archive-predictions").getByText("Right", { exact: true }).waitFor();
    await screenshot(page, "semesters-archive-predictions");
    await context.close();

    // The same on a phone, nothing wider than the screen.
    const phone = await openPage(browser, stack, "/archive", { wallet: false, viewport: PHONE });
    await phone.page.getByTestId("archive-list").getByRole("link", { name: ARCHIVE_NAME }).waitFor();
    await expectNoSidewaysScroll(phone.page);
    await screenshot(phone.page, "semesters-archive-list-phone");
    for (const name of ["profiles", "projects", "forum", "explorer", "leaderboard", "bounties", "predictions"]) {
      await phone.page.goto(`${stack.url}/archive/${archive._id}?section=${name}`);
      await phone.page.getByTestId(`archive-${name}`).waitFor();
      await phone.page
        .getByTestId(`archive-${name}`)
        .locator("article, tr, li, .archive-round, .empty-state")
        .first()
        .waitFor();
      await expectImagesLoaded(phone.page.getByTestId(`archive-${name}`));
      await expectNoSidewaysScroll(phone.page);
      await screenshot(phone.page, `semesters-archive-${name}-phone`);
    }
    // On a tablet the archived explorer's rows are cards too: no column scrolled out of its box.
    await phone.page.setViewportSize({ width: 820, height: 1180 });
    await phone.page.goto(`${stack.url}/archive/${archive._id}?section=explorer`);
    await phone.page.getByTestId("archive-explorer").locator("tr").first().waitFor();
    const table = await phone.page
      .locator(".archive-table-scroll")
      .evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(table.scroll).toBeLessThanOrEqual(table.client);
    await screenshot(phone.page, "semesters-archive-explorer-tablet");
    await phone.page.setViewportSize(PHONE);
    // A 320 px phone: the archived rankings keep each name's and title's words whole (the amount goes under).
    await phone.page.setViewportSize({ width: 320, height: 640 });
    await phone.page.goto(`${stack.url}/archive/${archive._id}?section=leaderboard`);
    await phone.page.getByTestId("archive-leaderboard").locator("li").first().waitFor();
    expect(await wordsSplitAcrossLines(phone.page, ".archive-ranking-who strong")).toEqual([]);
    await screenshot(phone.page, "semesters-archive-leaderboard-320");
    await phone.page.setViewportSize(PHONE);
    // An archive that does not exist says so.
    await phone.page.goto(`${stack.url}/archive/987654321`);
    await phone.page.getByRole("heading", { name: messages.semester.archiveNotFound }).waitFor();
    await phone.page.goto(`${stack.url}/archive/not-an-id`);
    await phone.page.getByRole("heading", { name: messages.semester.archiveNotFound }).waitFor();
    await phone.context.close();
    const list = await openPage(browser, stack, "/archive", { wallet: false });
    await list.page.getByTestId("archive-list").waitFor();
    await screenshot(list.page, "semesters-archive-list");
    await list.context.close();
  });

  it("the live pages are empty but for bounties, and the live explorer starts at the new semester", async () => {
    const { page, context } = await openPage(browser, stack, "/profiles", { wallet: false });
    await page.getByText("No profiles yet.").waitFor();
    expect(await page.locator("article.profile-card").count()).toBe(0);
    await page.goto(`${stack.url}/forum`);
    await page.getByText("No posts yet.", { exact: false }).waitFor();
    await page.goto(`${stack.url}/projects`);
    await page.getByText("No submissions yet").waitFor();
    await page.goto(`${stack.url}/leaderboard`);
    await page.getByTestId("holders").or(page.getByText("No students yet.").first()).first().waitFor();
    expect(await page.getByText("No students yet.").count()).toBe(1);
    await page.getByText("No one has tipped a classmate yet.").waitFor();
    await page.goto(`${stack.url}/bounties`);
    expect(bountiesBefore.map((b) => b.title).sort()).toEqual(
      demoBounties(Date.now())
        .map((b) => b.title)
        .sort(),
    );
    for (const bounty of bountiesBefore) {
      await page.locator("article.bounty-card").filter({ hasText: bounty.title }).first().waitFor();
    }
    expect((await get<Bounty[]>("/api/admin/public/bounties")).length).toBe(bountiesBefore.length);

    // The explorer: none of last semester's transfers; a transfer made now appears.
    await page.goto(`${stack.url}/explorer`);
    await page.getByText("No transactions found").waitFor();
    const { address } = freshWallet();
    await fundWallet(stack, address, { cc: "2" });
    const head = await chainClient(stack).getBlockNumber();
    let live: Transaction[] = [];
    await expect
      .poll(async () => {
        live = await allTransactions("/api/explorer/transactions");
        return live.length;
      })
      .toBe(1);
    expect(live[0]?.toWallet).toBe(address.toLowerCase());
    expect(live[0]?.blockNumber).toBe(Number(head));
    const archived = new Set(liveBefore.map((t) => t.txHash));
    expect(archived.has(live[0]?.txHash ?? "")).toBe(false);
    await page.reload();
    await page.getByTestId("tx-row").first().waitFor();
    expect(await page.getByTestId("tx-row").count()).toBe(1);
    await context.close();
  });

  it("a student of last semester, with no profile now, makes a profile in the new semester", async () => {
    const ava = demoPeople[0];
    const { page, context } = await openPage(browser, stack, "/profiles", { wallet: { signer: ava?.account ?? 1 } });
    await connectWallet(page);
    const save = page.getByRole("button", { name: "Save Profile" });
    await save.waitFor();
    await page.waitForFunction(() => !document.querySelector("fieldset")?.disabled);
    await page.getByLabel("Name", { exact: true }).fill("Ava Chen (autumn)");
    await page.getByLabel("Birthday").fill("2008-03-28");
    await page.getByLabel("Star sign").selectOption("Aries");
    await save.click();
    await page.getByRole("region", { name: "Your profile" }).getByText("Ava Chen (autumn)").waitFor();
    await context.close();

    // The archive still has last semester's Ava, as she was.
    const again = await get<Archive>(`/api/archives/${archive._id}`);
    expect(again.profiles.find((p) => p.wallet === devAccount(ava?.account ?? 1).address.toLowerCase())?.name).toBe(
      ava?.name,
    );
  });
  it("the admin takes a comment and a student out of the archive; visitors no longer see them", async () => {
    const student = demoPeople[1];
    const wallet = devAccount(student?.account ?? 2).address.toLowerCase();
    const comment = seededComments[2]!;
    const commenter = demoPeople[comment.author]?.name ?? "";
    const { page, context } = await openPage(browser, stack, "/admin?tab=semesters", { wallet: { signer: 0 } });
    await connectWallet(page);
    const card = page.getByRole("region", { name: "Remove from an archive" });
    await card.getByLabel("Archive").waitFor();
    expect(await card.getByLabel("Archive").inputValue()).toBe(archive._id);
    const what = card.getByLabel("What to remove");
    const commentLabel = `“${comment.text}” by ${commenter}`;
    await what.selectOption({ label: commentLabel });
    await card.getByRole("button", { name: "Remove from archive" }).click();
    const confirm = card.getByRole("group", { name: "Confirm removing from the archive" });
    await confirm.getByText(messages.semester.removeConfirm("comment", commentLabel, ARCHIVE_NAME)).waitFor();
    await expectAccessible(page);
    await screenshot(page, "semesters-archive-removal-confirm");
    await confirm.getByRole("button", { name: "Yes, remove it" }).click();
    expect((await readAlert(page)).text).toBe(messages.semester.removedFromArchive("comment"));
    // The comment is no longer offered; the student is removed the same way.
    await expect.poll(async () => what.locator("option", { hasText: comment.text }).count()).toBe(0);
    await what.selectOption({ label: student?.name ?? "" });
    await card.getByRole("button", { name: "Remove from archive" }).click();
    await confirm.getByText(messages.semester.removeConfirm("student", student?.name ?? "", ARCHIVE_NAME)).waitFor();
    await confirm.getByRole("button", { name: "Yes, remove it" }).click();
    expect((await readAlert(page)).text).toBe(messages.semester.removedFromArchive("student"));
    await expect.poll(async () => what.locator("option", { hasText: student?.name ?? "" }).count()).toBe(0);
    await screenshot(page, "semesters-archive-removal");
    await context.close();

    // A visitor's archive: neither the comment nor the student, whose transfers show their wallet.
    const visitor = await openPage(browser, stack, `/archive/${archive._id}?section=forum`, { wallet: false });
    await visitor.page.getByTestId("archived-post").first().waitFor();
    expect(await visitor.page.getByText(comment.text).count()).toBe(0);
    expect(await visitor.page.getByText(student?.name ?? "", { exact: false }).count()).toBe(0);
    await visitor.page.goto(`${stack.url}/archive/${archive._id}`);
    await visitor.page.getByTestId("archived-profile").first().waitFor();
    expect(await visitor.page.getByTestId("archived-profile").count()).toBe(archive.profiles.length - 1);
    await visitor.context.close();
    const after = await get<Archive>(`/api/archives/${archive._id}`);
    expect(JSON.stringify(after)).not.toContain(student?.name ?? "");
    const theirs = (await allTransactions(`/api/archives/${archive._id}/transactions`)).filter(
      (t) => t.fromWallet === wallet || t.toWallet === wallet,
    );
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.every((t) => (t.fromWallet === wallet ? t.fromName : t.toName) === null)).toBe(true);
  });
});
