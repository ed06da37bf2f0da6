/**
 * One text rule in the browser and on the server: the post counter counts code points as the server does
 * (1001 emoji used to show 2002/2000 while the server accepted them), and the profile form refuses a name
 * with bidi controls and a birthday outside 1900-01-01…today with the same messages the API gives.
 */
import { POST_MAX_LENGTH } from "@classcoin/shared/constants";
import { messages } from "@classcoin/shared/messages";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "./harness/browser";
import { connectWallet } from "./harness/connect";
import { createMember, type Member } from "./harness/members";
import { openPage } from "./harness/pages";
import { useSharedStack } from "./harness/shared-stack";
import type { E2EStack } from "./harness/stack";

let stack: E2EStack;
let browser: Browser;
let member: Member;

beforeAll(async () => {
  [stack, browser] = await Promise.all([useSharedStack(), launchBrowser()]);
  member = await createMember(stack, { name: "Uma Unicode", cc: "3" });
});
afterAll(async () => {
  await browser?.close();
});

describe("text rules shared by the browser and the server", () => {
  it("the post counter counts code points: 1001 emoji are 1001/2000, and the server takes 2000 of them", async () => {
    const { page, context } = await openPage(browser, stack, "/forum", { wallet: { signer: member.key } });
    await connectWallet(page);
    const composer = page.getByLabel("Write a post");
    await composer.waitFor();
    const counter = page.getByTestId("post-counter");
    await composer.fill("😀".repeat(1001));
    expect(await counter.textContent()).toBe(`1001/${POST_MAX_LENGTH}`);
    await composer.fill("😀".repeat(POST_MAX_LENGTH + 1));
    expect(await counter.textContent()).toBe(`${POST_MAX_LENGTH + 1}/${POST_MAX_LENGTH}`);
    await page.getByRole("button", { name: "Post", exact: true }).click();
    await page.getByText(messages.post.tooLong).waitFor();
    await context.close();

    // The server draws the line in the same place (one post per 5 s per wallet: the limit comes first).
    const post = (content: string) =>
      fetch(`${stack.url}/api/posts`, {
        method: "POST",
        headers: { cookie: member.cookie, "content-type": "application/json" },
        body: JSON.stringify({ authorWallet: member.wallet, content }),
      });
    const ok = await post("😀".repeat(POST_MAX_LENGTH));
    expect(ok.status, await ok.clone().text()).toBeLessThan(300);
    await new Promise((resolve) => setTimeout(resolve, 5_500));
    const over = await post("😀".repeat(POST_MAX_LENGTH + 1));
    expect(over.status, await over.clone().text()).toBe(400);
    expect((await over.json()).errors).toEqual([messages.post.tooLong]);
  });

  it("the profile form refuses a bidi-control name and a birthday in year 9999 with the server's messages", async () => {
    const { page, context } = await openPage(browser, stack, "/profiles", { wallet: { signer: member.key } });
    await connectWallet(page);
    await page.getByRole("region", { name: "Your profile" }).getByRole("button", { name: "Edit" }).click();
    const name = page.getByLabel("Name", { exact: true });
    await name.waitFor();
    await name.fill("\u202eevil\u202c Admin");
    await page.getByLabel("Birthday").fill("9999-12-31");
    await page.getByRole("button", { name: "Save Profile" }).click();
    await page.getByText(messages.profile.nameCharacters).waitFor();
    await page.getByText(messages.profile.birthdayRange).waitFor();
    await context.close();
    const stored = (await (await fetch(`${stack.url}/api/profiles/${member.wallet}`)).json()) as { name: string };
    expect(stored.name).toBe("Uma Unicode");
  });
});
