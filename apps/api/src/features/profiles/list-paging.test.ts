/**
 * `GET /api/profiles` with optional keyset paging (issue 19, packages/shared/src/paging.ts): the whole list
 * without `limit`/`before`, pages in the same order otherwise, the cursor exact across ties of `createdAt`,
 * and nothing repeated or missed while profiles are added between pages.
 */
import { messages } from "@classcoin/shared/messages";
import { LIST_MAX_PAGE_SIZE } from "@classcoin/shared/paging";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { profiles } from "../../db/schema";
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

interface ListedProfile {
  _id: string;
  wallet: string;
  name: string;
  createdAt: string;
}

const wallet = (n: number) => `0x${n.toString(16).padStart(40, "0")}`;

describe.each(testDatabaseKinds())("profiles list paging on %s", (kind) => {
  let t: TestApp;
  let next = 1;
  beforeAll(async () => {
    t = await createTestApp(chain, kind);
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    await t.database.db.delete(profiles);
  });

  /** `count` profiles in one statement, so they share one `createdAt` (a tie only `id` breaks). */
  async function addProfiles(count: number, createdAt?: Date): Promise<void> {
    const rows = Array.from({ length: count }, () => {
      const n = next++;
      return {
        wallet: wallet(n),
        name: `P${n}`,
        birthday: "2008-01-01",
        starSign: "Leo",
        ...(createdAt && { createdAt }),
      };
    });
    await t.database.db.insert(profiles).values(rows);
  }

  async function list(query = ""): Promise<ListedProfile[]> {
    const res = await t.app.inject({ method: "GET", url: `/api/profiles${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  /** Every page of `limit`, following `before` = the last `_id`; `between` runs before each next page. */
  async function walk(
    limit: number,
    between?: (page: readonly ListedProfile[], index: number) => Promise<void>,
  ): Promise<ListedProfile[][]> {
    const pages: ListedProfile[][] = [];
    let before: string | undefined;
    for (;;) {
      const page = await list(`?limit=${limit}${before ? `&before=${before}` : ""}`);
      expect(page.length).toBeLessThanOrEqual(limit);
      pages.push(page);
      if (page.length < limit) return pages;
      before = page.at(-1)?._id;
      await between?.(page, pages.length);
    }
  }

  const ids = (rows: readonly ListedProfile[]) => rows.map((p) => p._id);

  it("without limit and before the answer is the whole list, newest first, ties by id", async () => {
    await addProfiles(3, new Date("2026-01-01T00:00:00.000Z"));
    await addProfiles(4); // now, all four in one instant
    await addProfiles(2, new Date("2026-01-01T00:00:00.000Z")); // the older instant again, higher ids
    const all = await list();
    expect(all).toHaveLength(9);
    const expected = [...all].sort((a, b) =>
      a.createdAt === b.createdAt ? Number(b._id) - Number(a._id) : b.createdAt.localeCompare(a.createdAt),
    );
    expect(ids(all)).toEqual(ids(expected));
    // The four of "now" first, highest id first; then the five of 2026-01-01, highest id first.
    expect(all.map((p) => p.name)).toEqual(["P7", "P6", "P5", "P4", "P9", "P8", "P3", "P2", "P1"]);
  });

  it("pages of every size add up to the whole list: same order, no repeats, no gaps", async () => {
    await addProfiles(5, new Date("2025-06-01T00:00:00.000Z"));
    await addProfiles(6);
    await addProfiles(1, new Date("2025-06-01T00:00:00.000Z"));
    await t.database.db
      .update(profiles)
      .set({ archived: true })
      .where(eq(profiles.name, `P${next - 3}`));
    const all = await list();
    expect(all).toHaveLength(11);
    for (const limit of [1, 2, 3, 4, 5, 11, 12, LIST_MAX_PAGE_SIZE]) {
      const pages = await walk(limit);
      expect(ids(pages.flat()), `limit=${limit}`).toEqual(ids(all));
      // A full last page is followed by one empty page, which ends the walk.
      expect(pages.at(-1)?.length, `limit=${limit}`).toBe(all.length % limit);
      expect(pages.slice(0, -1).every((page) => page.length === limit)).toBe(true);
    }
    // `before` without `limit`: everything after that profile.
    expect(ids(await list(`?before=${all[3]?._id}`))).toEqual(ids(all.slice(4)));
    // `limit` alone: the newest `limit`.
    expect(ids(await list("?limit=4"))).toEqual(ids(all.slice(0, 4)));
  });

  it("profiles added (even in the cursor's own instant) or archived between pages are neither repeated nor missed", async () => {
    const instant = new Date("2025-09-01T12:00:00.000Z");
    await addProfiles(10, instant);
    await addProfiles(10);
    const original = ids(await list());
    const pages = await walk(3, async (page, index) => {
      // Newer profiles (before the cursor: not shown), and profiles in the instant of the older ten with
      // higher ids (shown later while the cursor is among the newer ten, not once it is among those ten).
      await addProfiles(2);
      await addProfiles(1, instant);
      // The cursor's own row is archived: the next page still continues right after it.
      if (index === 2 || index === 5) {
        await t.database.db
          .update(profiles)
          .set({ archived: true })
          .where(eq(profiles.id, Number(page.at(-1)?._id)));
      }
    });
    const seen = pages.flat();
    expect(new Set(ids(seen)).size, "a profile repeated across pages").toBe(seen.length);
    // Every profile that existed when the walk began, once, in its order.
    expect(ids(seen).filter((id) => original.includes(id))).toEqual(original);
    // Whatever else was seen follows the list's order too.
    const order = (a: ListedProfile, b: ListedProfile) =>
      a.createdAt === b.createdAt ? Number(b._id) - Number(a._id) : b.createdAt.localeCompare(a.createdAt);
    expect(ids(seen)).toEqual(ids([...seen].sort(order)));
    // The instant's additions made while the cursor was among the newer ten were reached.
    expect(seen.length).toBeGreaterThan(original.length);
  });

  it("a bad limit or cursor is a 400 with a message saying what is wrong", async () => {
    await addProfiles(2);
    for (const [query, message] of [
      ["limit=0", messages.paging.limit(LIST_MAX_PAGE_SIZE)],
      ["limit=101", messages.paging.limit(LIST_MAX_PAGE_SIZE)],
      ["limit=-1", messages.paging.limit(LIST_MAX_PAGE_SIZE)],
      ["limit=2.5", messages.paging.limit(LIST_MAX_PAGE_SIZE)],
      ["limit=ten", messages.paging.limit(LIST_MAX_PAGE_SIZE)],
      ["limit=", messages.paging.limit(LIST_MAX_PAGE_SIZE)],
      ["before=0", messages.paging.before],
      ["before=-3", messages.paging.before],
      ["before=abc", messages.paging.before],
      ["before=1e3", messages.paging.before],
      ["before=1234567890123456789", messages.paging.before],
      ["before=1&before=2", "before"],
      ["limit=2&before=999999999", messages.paging.unknownCursor],
    ] as const) {
      const res = await t.app.inject({ method: "GET", url: `/api/profiles?${query}` });
      expect(res.statusCode, `${query}: ${res.body}`).toBe(400);
      expect(res.headers["content-type"]).toMatch(/^application\/json/);
      expect(res.json().error, query).toContain(message);
    }
  });
});
