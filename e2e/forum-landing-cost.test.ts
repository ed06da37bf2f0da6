/**
 * `/forum?post=N` pages towards post N (a notification's link; anyone can send one). A post hidden by the
 * instructor, or of a semester since reset, sorts below every post shown, so the page loaded the whole forum
 * before saying it is gone: 21 requests and 604 posts for a forum of 605. One request now asks whether the
 * forum shows it.
 */
import { messages } from "@classcoin/shared/messages";
import pg from "pg";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createThrowawayPostgres, type ThrowawayPostgres } from "../apps/api/src/testing/database";
import { adminPost } from "./harness/admin-calls";
import { launchBrowser } from "./harness/browser";
import { openPage } from "./harness/pages";
import { type E2EStack, startStack } from "./harness/stack";

/** More than ten of the forum's pages of 30. */
const OLDER_POSTS = 320;

let database: ThrowawayPostgres;
let stack: E2EStack;
let browser: Browser;
let oldest: string;
beforeAll(async () => {
  database = await createThrowawayPostgres(
    process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres",
    "classcoin_e2e_forum_landing",
  );
  [stack, browser] = await Promise.all([startStack({ DATABASE_URL: database.url }), launchBrowser()]);
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    oldest = (await client.query<{ id: string }>("select min(id)::text as id from posts")).rows[0]?.id as string;
    await client.query(
      `insert into posts (author_wallet, content, created_at)
       select (select author_wallet from posts order by id limit 1), 'Older post number ' || g || '.',
              now() - interval '2 days' - (g || ' minutes')::interval
       from generate_series(1, $1::int) g`,
      [OLDER_POSTS],
    );
  } finally {
    await client.end();
  }
  expect((await adminPost(stack, "/api/admin/posts/hide", { postId: oldest, hide: true })).status).toBe(200);
});
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  await database?.drop();
});

describe("a link to a hidden post at the bottom of a long forum", () => {
  it("says it is gone without loading the forum page after page", async () => {
    const { page, context } = await openPage(browser, stack, `/forum?post=${oldest}`, { wallet: false });
    const asked: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/posts") asked.push(request.url());
    });
    try {
      await page.reload();
      await page.getByTestId("landing-notice").filter({ hasText: messages.post.gone }).waitFor();
      // Nothing more is asked for after the notice.
      await page.waitForTimeout(1_000);
      // The first page and the one question (a second page may be under way when the answer comes).
      expect(asked.length, asked.join("\n")).toBeLessThanOrEqual(3);
      expect(await page.locator(".post-list > *").count()).toBeLessThanOrEqual(60);
    } finally {
      await context.close();
    }
  });
});
