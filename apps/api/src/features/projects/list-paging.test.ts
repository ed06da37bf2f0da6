/**
 * `GET /api/projects/{n}` with optional keyset paging (issue 19, packages/shared/src/paging.ts): the whole
 * list without `limit`/`before`, pages in the same order (newest `_id` first) otherwise, and nothing
 * repeated or missed while submissions are added, archived or moved between pages.
 */
import { messages } from "@classcoin/shared/messages";
import { LIST_MAX_PAGE_SIZE } from "@classcoin/shared/paging";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projects } from "../../db/schema";
import { createTestApp, type TestApp } from "../../testing/app";
import { startTestChain, type TestChain } from "../../testing/chain";
import { testDatabaseKinds } from "../../testing/database";

let chain: TestChain;
beforeAll(async () => {
  chain = await startTestChain();
});
afterAll(async () => {
  await chain?.stop();
});

interface ListedProject {
  _id: string;
  projectNumber: number;
  title: string;
}

const wallet = (n: number) => `0x${n.toString(16).padStart(40, "0")}`;

describe.each(testDatabaseKinds())("project list paging on %s", (kind) => {
  let t: TestApp;
  let next = 1;
  beforeAll(async () => {
    t = await createTestApp(chain, kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** `count` submissions to project `n` in one statement (one `createdAt`; `_id` orders them). */
  async function addSubmissions(projectNumber: number, count: number): Promise<void> {
    const rows = Array.from({ length: count }, () => {
      const n = next++;
      return { authorWallet: wallet(n), projectNumber, title: `S${n}`, image: `${n}.webp` };
    });
    await t.database.db.insert(projects).values(rows);
  }

  async function list(projectNumber: number, query = ""): Promise<ListedProject[]> {
    const res = await t.app.inject({ method: "GET", url: `/api/projects/${projectNumber}${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  async function walk(
    projectNumber: number,
    limit: number,
    between?: (page: readonly ListedProject[], index: number) => Promise<void>,
  ): Promise<ListedProject[][]> {
    const pages: ListedProject[][] = [];
    let before: string | undefined;
    for (;;) {
      const page = await list(projectNumber, `?limit=${limit}${before ? `&before=${before}` : ""}`);
      expect(page.length).toBeLessThanOrEqual(limit);
      pages.push(page);
      if (page.length < limit) return pages;
      before = page.at(-1)?._id;
      await between?.(page, pages.length);
    }
  }

  const ids = (rows: readonly ListedProject[]) => rows.map((p) => p._id);

  it("without limit and before the answer is every active submission of the project, newest first", async () => {
    await addSubmissions(1, 4);
    await addSubmissions(2, 3);
    await addSubmissions(1, 3);
    const all = await list(1);
    expect(all.map((p) => p.title)).toEqual(["S10", "S9", "S8", "S4", "S3", "S2", "S1"]);
    expect(all.every((p) => p.projectNumber === 1)).toBe(true);
  });

  it("pages of every size add up to the whole list, and keep to their project", async () => {
    await addSubmissions(3, 9);
    await addSubmissions(4, 2);
    await addSubmissions(3, 3);
    await t.database.db
      .update(projects)
      .set({ archived: true })
      .where(eq(projects.title, `S${next - 2}`));
    const all = await list(3);
    expect(all).toHaveLength(11);
    for (const limit of [1, 2, 3, 5, 10, 11, LIST_MAX_PAGE_SIZE]) {
      const pages = await walk(3, limit);
      expect(ids(pages.flat()), `limit=${limit}`).toEqual(ids(all));
      expect(pages.at(-1)?.length, `limit=${limit}`).toBe(all.length % limit);
    }
    expect(ids(await list(3, `?before=${all[5]?._id}`))).toEqual(ids(all.slice(6)));
    expect(ids(await list(3, "?limit=3"))).toEqual(ids(all.slice(0, 3)));
    // Any id is a position in this order, one of another project too.
    const other = (await list(4))[0]?._id;
    expect(ids(await list(3, `?before=${other}`))).toEqual(ids(all.filter((p) => Number(p._id) < Number(other))));
  });

  it("submissions added, edited or archived between pages are neither repeated nor missed", async () => {
    await addSubmissions(2, 17);
    const original = ids(await list(2));
    const pages = await walk(2, 4, async (page, index) => {
      await addSubmissions(2, 2);
      // An edit keeps the submission's place (its `_id`); archiving the cursor's row keeps the next page's.
      await t.database.db
        .update(projects)
        .set({ title: `edited ${index}` })
        .where(eq(projects.id, Number(page[0]?._id)));
      if (index === 2) {
        await t.database.db
          .update(projects)
          .set({ archived: true })
          .where(eq(projects.id, Number(page.at(-1)?._id)));
      }
    });
    const seen = ids(pages.flat());
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(original);
  });

  it("a bad limit or cursor is a 400 with a message saying what is wrong", async () => {
    for (const [query, message] of [
      ["limit=0", messages.paging.limit(LIST_MAX_PAGE_SIZE)],
      ["limit=101", messages.paging.limit(LIST_MAX_PAGE_SIZE)],
      ["limit=1.5", messages.paging.limit(LIST_MAX_PAGE_SIZE)],
      ["limit=x", messages.paging.limit(LIST_MAX_PAGE_SIZE)],
      ["before=0", messages.paging.before],
      ["before=12a", messages.paging.before],
      ["before=%20", messages.paging.before],
    ] as const) {
      const res = await t.app.inject({ method: "GET", url: `/api/projects/1?${query}` });
      expect(res.statusCode, `${query}: ${res.body}`).toBe(400);
      expect(res.json().error, query).toContain(message);
    }
    // The path is still checked first.
    const res = await t.app.inject({ method: "GET", url: "/api/projects/5?limit=2" });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(messages.project.number);
  });
});
