/**
 * /forum in Chromium against the shared stack (demo community on): the visitor view, the composer's gates and
 * checks, posting (plain text, shown at once), voting and switching a vote, and the spec's error texts.
 * Other files post and vote on the same stack, so this one counts only its own posts and votes on a post
 * of a member of its own.
 */
import { devAccount } from "@classcoin/contracts/dev-accounts";
import { fund } from "@classcoin/contracts/fund";
import { POST_MAX_LENGTH } from "@classcoin/shared/constants";
import { messages } from "@classcoin/shared/messages";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible } from "./harness/accessibility";
import { readAlert } from "./harness/alerts";
import { launchBrowser, screenshot } from "./harness/browser";
import { connectWallet } from "./harness/connect";
import { chainClient, walletOn } from "./harness/funding";
import { createMember, type Member } from "./harness/members";
import { openPage } from "./harness/pages";
import { useSharedStack } from "./harness/shared-stack";
import type { E2EStack } from "./harness/stack";

let stack: E2EStack;
let browser: Browser;
/** A member who gave all their CC back to the treasury: a profile, no ClassCoin. */
let broke: Member;
/** The post this file's student votes on: by a member of this file, so no other file's votes move it. */
const VOTE_TARGET = "Which pencils do you use for shading? I keep smudging mine.";

beforeAll(async () => {
  [stack, browser] = await Promise.all([useSharedStack(), launchBrowser()]);
  broke = await createMember(stack, { name: "Ines Broke", cc: "1" });
  await fund(walletOn(stack, broke.key), chainClient(stack), devAccount(0).address, {
    token: stack.tokenAddress,
    cc: "1",
  });
  const poser = await createMember(stack, { name: "Jonas Asks", cc: "2" });
  const res = await fetch(`${stack.url}/api/posts`, {
    method: "POST",
    headers: { cookie: poser.cookie, "content-type": "application/json" },
    body: JSON.stringify({ authorWallet: poser.wallet, content: VOTE_TARGET }),
  });
  expect(res.status, await res.clone().text()).toBeLessThan(300);
});
afterAll(async () => {
  await browser?.close();
});

const posts = (page: Page) => page.locator("article.post");
const composer = (page: Page) => page.getByLabel("Write a post");
const postButton = (page: Page) => page.getByRole("button", { name: "Post", exact: true });

describe("forum page", () => {
  it("a visitor reads the posts, is asked to connect, and is told to connect to vote", async () => {
    const { page, context } = await openPage(browser, stack, "/forum", { wallet: false });
    await page.locator(".connect-prompt").getByRole("button", { name: messages.wallet.connectButton }).waitFor();
    // One message, not two: the connect prompt carries the spec's "Connect wallet first"; no notice repeats it.
    await page.locator(".connect-prompt").getByText(messages.post.connect, { exact: true }).waitFor();
    expect(await page.getByText(messages.post.connect).count()).toBe(1);
    expect(await page.locator(".notice").count()).toBe(0);
    await page.getByText(messages.vote.profileHint).waitFor();
    await posts(page).first().waitFor();
    // A demo student's post (she has a photo): the newest may be by another file's member, without one.
    const first = posts(page).filter({ hasText: "Welcome to the ClassCoin forum!" });
    await first.locator("time").waitFor();
    expect(await first.locator("img.avatar").getAttribute("src")).toMatch(/^\/api\/profiles\/photo\//);
    expect(await first.getByTestId("upvotes").textContent()).toMatch(/^\d+$/);
    expect(await first.getByTestId("downvotes").textContent()).toMatch(/^\d+$/);
    expect(await composer(page).count()).toBe(0);
    await first.getByRole("button", { name: /Upvote/ }).click();
    expect((await readAlert(page)).text).toBe(messages.vote.connect);
    await expectAccessible(page);
    await screenshot(page, "forum-visitor");
    await context.close();
  });

  it("a wallet without a profile is asked to create one before posting", async () => {
    const { page, context } = await openPage(browser, stack, "/forum", { wallet: { signer: 9 } });
    await connectWallet(page);
    await page.getByText(messages.post.profile).waitFor();
    await page.getByRole("link", { name: "Create your profile" }).waitFor();
    expect(await composer(page).count()).toBe(0);
    await screenshot(page, "forum-no-profile");
    // Spec §6: "Voting requires only a connected wallet, although the hint text says a profile is required"
    // (the whitelist mode, off here, limits votes to class members).
    await page.getByText(messages.vote.profileHint).waitFor();
    const post = page.locator("article.post").first();
    const before = Number(await post.getByTestId("upvotes").textContent());
    await post.getByRole("button", { name: /Upvote/ }).click();
    await post
      .getByTestId("upvotes")
      .filter({ hasText: String(before + 1) })
      .waitFor();
    // The count can arrive first (the live event of this vote), the button's state with the vote's own answer.
    await expect.poll(() => post.getByRole("button", { name: /Upvote/ }).isDisabled()).toBe(true);
    await screenshot(page, "forum-vote-without-profile");
    await context.close();
  });

  it("a profile holder without ClassCoin is told posting needs at least 1", async () => {
    const { page, context } = await openPage(browser, stack, "/forum", { wallet: { signer: broke.key } });
    await connectWallet(page);
    await page.getByText(messages.post.balance).waitFor();
    expect(await composer(page).count()).toBe(0);
    await screenshot(page, "forum-no-credits");
    await context.close();
  });

  it("a student checks, posts plain text that appears at once, votes and switches the vote", async () => {
    const { page, context, wallet } = await openPage(browser, stack, "/forum", { wallet: { signer: 3 } });
    await connectWallet(page);
    await composer(page).waitFor();
    const counter = page.getByTestId("post-counter");
    expect(await counter.textContent()).toBe(`0/${POST_MAX_LENGTH}`);

    await composer(page).fill("   ");
    await postButton(page).click();
    await page.getByText(messages.post.empty).waitFor();

    await composer(page).fill("a".repeat(1800));
    const calm = await counter.evaluate((e) => getComputedStyle(e).color);
    await composer(page).fill("a".repeat(1801));
    expect(await counter.textContent()).toBe("1801/2000");
    expect(await counter.evaluate((e) => getComputedStyle(e).color)).not.toBe(calm);
    await composer(page).fill("a".repeat(2001));
    await postButton(page).click();
    await page.getByText(messages.post.tooLong).waitFor();
    await screenshot(page, "forum-too-long");

    // A refused sign-in signature.
    const text = "Hello <b>class</b>!\nSecond line & more";
    await composer(page).fill(text);
    wallet?.rejecting.add("personal_sign");
    await postButton(page).click();
    expect((await readAlert(page)).text).toBe(messages.catalogue.signature);
    wallet?.rejecting.clear();

    // Other files post on the shared stack too: her post is found by its text, shown exactly once, and
    // above the post that was newest before hers (newest first).
    const previousNewest = await posts(page).first().locator(".post-content").innerText();
    await postButton(page).click();
    const mine = posts(page).filter({ hasText: "Second line & more" });
    await mine.getByText("Chloé Martin").waitFor();
    expect(await mine.count()).toBe(1);
    const order = await posts(page).locator(".post-content").allInnerTexts();
    expect(order.indexOf(text)).toBeLessThan(order.indexOf(previousNewest));
    const content = mine.locator(".post-content");
    expect(await content.innerText()).toBe(text);
    expect(await content.locator("b").count()).toBe(0);
    expect(await composer(page).inputValue()).toBe("");

    // The server allows one post every few seconds: a second one at once is refused with its reason.
    await composer(page).fill("And another thing");
    await postButton(page).click();
    expect((await readAlert(page)).text).toMatch(new RegExp(`^${messages.catalogue.postFailed}`));

    // Vote on someone else's post she has not voted on yet (this file's member's), then switch.
    const target = posts(page).filter({ hasText: VOTE_TARGET });
    expect(await target.locator('button[aria-pressed="true"]').count()).toBe(0);
    const up = target.getByRole("button", { name: /Upvote/ });
    const down = target.getByRole("button", { name: /Downvote/ });
    const count = async (id: string) => Number(await target.getByTestId(id).textContent());
    const [up0, down0] = [await count("upvotes"), await count("downvotes")];
    await up.click();
    await target
      .getByTestId("upvotes")
      .filter({ hasText: String(up0 + 1) })
      .waitFor();
    expect(await up.isDisabled()).toBe(true);
    expect(await down.isDisabled()).toBe(false);
    await down.click();
    await target
      .getByTestId("downvotes")
      .filter({ hasText: String(down0 + 1) })
      .waitFor();
    expect(await count("upvotes")).toBe(up0);
    expect(await down.isDisabled()).toBe(true);
    expect(await up.isDisabled()).toBe(false);
    expect(wallet?.calls.filter((c) => c === "personal_sign")).toHaveLength(2); // refused, then one sign-in
    await expectAccessible(page);
    await screenshot(page, "forum-posted-voted");

    // What the page shows is what the server stored.
    await page.reload();
    await page.getByRole("banner").getByRole("button", { name: "Sign out" }).waitFor();
    await target
      .getByRole("button", { name: /Downvote/ })
      .and(page.locator(":disabled"))
      .waitFor();
    expect(await mine.locator(".post-content").innerText()).toBe(text);
    await context.close();
  });

  it("a network failure while posting shows the network text", async () => {
    const { page, context } = await openPage(browser, stack, "/forum", { wallet: { signer: 4 } });
    await connectWallet(page);
    await composer(page).fill("Is this thing on?");
    await page.route("**/api/posts", (route) =>
      route.request().method() === "POST" ? route.abort("internetdisconnected") : route.continue(),
    );
    await postButton(page).click();
    expect((await readAlert(page)).text).toBe(messages.catalogue.network);
    await context.close();
  });

  it("a post sent while the browser is offline fails at once and is not sent later", async () => {
    const { page, context } = await openPage(browser, stack, "/forum", { wallet: { signer: 4 } });
    await connectWallet(page);
    await composer(page).waitFor();
    await context.setOffline(true);
    await composer(page).fill("Posted from the bus");
    await postButton(page).click();
    // Before: "Posting…" with no message while offline, then the post sent when the connection came back, as
    // whichever account the wallet had switched to by then.
    expect((await readAlert(page)).text).toBe(messages.catalogue.network);
    await context.setOffline(false);
    await postButton(page).and(page.locator(":enabled")).waitFor();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const listed = (await (await fetch(`${stack.url}/api/posts`)).json()) as { content: string }[];
    expect(listed.some((p) => p.content === "Posted from the bus")).toBe(false);
    await context.close();
  });
});
