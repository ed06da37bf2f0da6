/**
 * Comments on /forum in Chromium against the shared stack (issue 18): a visitor expands a post's comments in
 * place and is asked to connect; a student comments (with the form's checks), replies, replies to a reply
 * (it joins the same thread and says whom it answers), votes and deletes their own comment; the admin hides
 * and shows a comment from the Comments tab, and the public API follows. Everything happens on a post of this
 * file's own members.
 */
import { adminSuccessMessages } from "@classcoin/shared/admin";
import type { Comment } from "@classcoin/shared/comments";
import { COMMENT_MAX_LENGTH } from "@classcoin/shared/constants";
import type { Post } from "@classcoin/shared/entities";
import { messages } from "@classcoin/shared/messages";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible } from "./harness/accessibility";
import { readAlert } from "./harness/alerts";
import { launchBrowser, screenshot } from "./harness/browser";
import { connectWallet } from "./harness/connect";
import { createMember, type Member } from "./harness/members";
import { openPage, PHONE } from "./harness/pages";
import { useSharedStack } from "./harness/shared-stack";
import type { E2EStack } from "./harness/stack";

let stack: E2EStack;
let browser: Browser;
let author: Member;
let student: Member;
let postId: string;
const POST_TEXT = "My watercolour of the harbour at dawn. What would you change?";
const AUTHOR_COMMENT = "I am not sure about the sky. Too purple?";
const REPLY = "The purple works! Which brush did you use?";

async function api<T>(path: string, init?: RequestInit): Promise<T> {
  const res = await fetch(`${stack.url}${path}`, init);
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

const postJson = (member: Member, body: object): RequestInit => ({
  method: "POST",
  headers: { cookie: member.cookie, "content-type": "application/json" },
  body: JSON.stringify(body),
});

beforeAll(async () => {
  [stack, browser] = await Promise.all([useSharedStack(), launchBrowser()]);
  [author, student] = await Promise.all([
    createMember(stack, { name: "Olga Posts", cc: "2" }),
    createMember(stack, { name: "Pia Comments", cc: "2" }),
  ]);
  const post = await api<Post>("/api/posts", postJson(author, { authorWallet: author.wallet, content: POST_TEXT }));
  postId = post._id;
  await api<Comment>("/api/comments", postJson(author, { postId, authorWallet: author.wallet, text: AUTHOR_COMMENT }));
});
afterAll(async () => {
  await browser?.close();
});

const thePost = (page: Page) => page.locator("article.post", { hasText: POST_TEXT });
const commentsButton = (page: Page) => thePost(page).getByRole("button", { name: /comments/i });
const comment = (page: Page, text: string) => thePost(page).getByTestId("comment").filter({ hasText: text });

const replyForm = (page: Page, label: string) =>
  thePost(page).locator("form.comment-form", { has: page.getByLabel(label) });

async function expandComments(page: Page) {
  await commentsButton(page).click();
  await comment(page, AUTHOR_COMMENT).waitFor();
}

describe("forum comments", () => {
  it("a visitor expands a post's comments in place, is asked to connect, and cannot vote", async () => {
    for (const viewport of [undefined, PHONE]) {
      const { page, context } = await openPage(browser, stack, "/forum", { wallet: false, viewport });
      await thePost(page).waitFor();
      expect(await thePost(page).getByTestId("comment-count").textContent()).toBe("1");
      expect(await thePost(page).getByTestId("comment").count()).toBe(0);
      await expandComments(page);
      expect(await commentsButton(page).getAttribute("aria-expanded")).toBe("true");
      await thePost(page).getByText(messages.comment.connect).waitFor();
      expect(await thePost(page).getByRole("button", { name: "Reply" }).count()).toBe(0);
      expect(await thePost(page).getByLabel("Write a comment").count()).toBe(0);
      await comment(page, AUTHOR_COMMENT)
        .getByRole("button", { name: /^Upvote comment/ })
        .click();
      expect((await readAlert(page)).text).toBe(messages.vote.connect);
      await expectAccessible(page);
      await thePost(page).scrollIntoViewIfNeeded();
      await screenshot(page, viewport ? "forum-comments-visitor-phone" : "forum-comments-visitor");
      await context.close();
    }
  });

  it("a student comments, replies, replies to a reply in the same thread, votes and deletes their own comment", async () => {
    const { page, context } = await openPage(browser, stack, "/forum", { wallet: { signer: student.key } });
    await connectWallet(page);
    await expandComments(page);
    const box = thePost(page).getByLabel("Write a comment");
    const send = thePost(page).getByRole("button", { name: "Comment", exact: true });

    // The form's checks, in the server's words.
    await box.fill("   ");
    await send.click();
    await thePost(page).getByText(messages.comment.empty).waitFor();
    await box.fill("x".repeat(COMMENT_MAX_LENGTH + 1));
    expect(await thePost(page).getByTestId("comment-counter").textContent()).toBe(
      `${COMMENT_MAX_LENGTH + 1}/${COMMENT_MAX_LENGTH}`,
    );
    await send.click();
    await thePost(page).getByText(messages.comment.tooLong).waitFor();

    // A comment, shown at once as plain text, and the post's count follows.
    await box.fill("Lovely <b>colours</b>!");
    await send.click();
    const mine = comment(page, "Lovely <b>colours</b>!");
    await mine.getByText("Pia Comments", { exact: true }).waitFor();
    expect(await mine.locator("b").count()).toBe(0);
    expect(await box.inputValue()).toBe("");
    await thePost(page).getByTestId("comment-count").filter({ hasText: "2" }).waitFor();

    // A reply to the author's comment, then a reply to that reply: both in the author comment's thread.
    await comment(page, AUTHOR_COMMENT).getByRole("button", { name: "Reply" }).click();
    await replyForm(page, "Reply to Olga Posts").getByRole("textbox").fill(REPLY);
    await replyForm(page, "Reply to Olga Posts").getByRole("button", { name: "Reply", exact: true }).click();
    const thread = thePost(page).locator(".comment-list > li", { hasText: AUTHOR_COMMENT });
    await thread.locator(".comment-replies").getByText(REPLY).waitFor();
    await comment(page, REPLY).getByRole("button", { name: "Reply" }).click();
    await replyForm(page, "Reply to Pia Comments").getByRole("textbox").fill("Round, size 8.");
    await replyForm(page, "Reply to Pia Comments").getByRole("button", { name: "Reply", exact: true }).click();
    await thread.locator(".comment-replies").getByText("Round, size 8.").waitFor();
    await expect.poll(() => thread.locator(".comment-replies [data-testid=comment]").count()).toBe(2);
    // The reply to the reply says whom it answers; the direct reply does not repeat its thread's author.
    expect(await comment(page, "Round, size 8.").getByTestId("comment-reply-to").textContent()).toBe(
      "↪ replying to Pia Comments",
    );
    expect(await comment(page, REPLY).getByTestId("comment-reply-to").count()).toBe(0);
    const stored = await api<Comment[]>(`/api/posts/${postId}/comments`);
    const top = stored.find((c) => c.text === AUTHOR_COMMENT);
    expect(stored.filter((c) => c.parentCommentId === top?._id).map((c) => c.text)).toEqual([REPLY, "Round, size 8."]);

    // A vote on the author's comment: counted, and the chosen button is disabled.
    const up = comment(page, AUTHOR_COMMENT).getByRole("button", { name: /^Upvote comment/ });
    await up.click();
    await comment(page, AUTHOR_COMMENT).getByTestId("comment-upvotes").filter({ hasText: "1" }).waitFor();
    expect(await up.isDisabled()).toBe(true);
    // Only her own comments can be deleted.
    expect(await comment(page, AUTHOR_COMMENT).getByRole("button", { name: "Delete" }).count()).toBe(0);
    await expectAccessible(page);
    await screenshot(page, "forum-comments-student");

    // Delete her top-level comment (asked first); it leaves the list and the count.
    await mine.getByRole("button", { name: "Delete" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Delete comment" });
    await dialog.getByText(messages.comment.deleteConfirm).waitFor();
    await dialog.getByRole("button", { name: "Delete" }).click();
    await mine.waitFor({ state: "detached" });
    await thePost(page).getByTestId("comment-count").filter({ hasText: "3" }).waitFor();
    expect((await api<Comment[]>(`/api/posts/${postId}/comments`)).map((c) => c.text)).not.toContain(
      "Lovely <b>colours</b>!",
    );
    await context.close();

    const phone = await openPage(browser, stack, "/forum", { wallet: { signer: student.key }, viewport: PHONE });
    await connectWallet(phone.page);
    await expandComments(phone.page);
    await thePost(phone.page).getByLabel("Write a comment").waitFor();
    await thePost(phone.page).scrollIntoViewIfNeeded();
    await screenshot(phone.page, "forum-comments-student-phone");
    await phone.context.close();
  });

  it("the admin hides a comment from the Comments tab and shows it again; the forum follows", async () => {
    for (const viewport of [undefined, PHONE]) {
      const { page, context } = await openPage(browser, stack, "/admin?tab=comments", {
        wallet: { signer: 0 },
        viewport,
      });
      await connectWallet(page);
      const hide = page.getByRole("button", { name: `Hide comment by Pia Comments: ${REPLY.slice(0, 40)}` });
      await hide.waitFor();
      if (viewport) {
        await screenshot(page, "admin-comments-phone");
        await context.close();
        continue;
      }
      // The list says where each reply sits: a reply to a reply names whom it answers.
      const answer = page.getByTestId("admin-comment").filter({ hasText: "Round, size 8." });
      await answer.getByText("· reply to Pia Comments").waitFor();
      const direct = page.getByTestId("admin-comment").filter({ hasText: REPLY });
      expect(await direct.textContent()).toMatch(/· reply(?! to)/);
      await hide.click();
      expect((await readAlert(page)).text).toBe(adminSuccessMessages.commentHidden(true));
      const publicList = await api<Comment[]>(`/api/posts/${postId}/comments`);
      expect(publicList.map((c) => c.text)).not.toContain(REPLY);
      expect(JSON.stringify(publicList)).not.toContain("Which brush");
      const row = page.getByTestId("admin-comment").filter({ hasText: REPLY });
      await row.getByText("Hidden", { exact: true }).waitFor();
      await expectAccessible(page);
      await screenshot(page, "admin-comments");

      // The forum no longer shows it.
      const forum = await context.newPage();
      await forum.goto(`${stack.url}/forum`);
      await expandComments(forum);
      await comment(forum, "Round, size 8.").waitFor();
      expect(await comment(forum, REPLY).count()).toBe(0);
      expect(await comment(forum, "Round, size 8.").getByTestId("comment-reply-to").textContent()).toBe(
        "↪ replying to a removed comment",
      );
      await forum.close();

      await page.getByRole("button", { name: `Show comment by Pia Comments: ${REPLY.slice(0, 40)}` }).click();
      expect((await readAlert(page)).text).toBe(adminSuccessMessages.commentHidden(false));
      expect((await api<Comment[]>(`/api/posts/${postId}/comments`)).map((c) => c.text)).toContain(REPLY);
      await context.close();
    }
  });
});
