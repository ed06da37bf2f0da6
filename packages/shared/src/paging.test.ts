import { describe, expect, it } from "vitest";
import { messages } from "./messages";
import { keysetPage, LIST_MAX_PAGE_SIZE, listPageQuerySchema } from "./paging";

const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ _id: String(100 - i) }));

describe("keyset paging (issue 19)", () => {
  it("a page asked for with limit size + 1 knows whether another follows and where it starts", () => {
    expect(keysetPage(rows(25), 24)).toEqual({ items: rows(24), nextCursor: "77" });
    expect(keysetPage(rows(24), 24)).toEqual({ items: rows(24), nextCursor: null });
    expect(keysetPage(rows(3), 24)).toEqual({ items: rows(3), nextCursor: null });
    expect(keysetPage([], 24)).toEqual({ items: [], nextCursor: null });
  });

  it("the query is optional, and a bad limit or cursor is refused with its message", () => {
    expect(listPageQuerySchema.parse({})).toEqual({});
    expect(listPageQuerySchema.parse({ limit: "25", before: "42" })).toEqual({ limit: 25, before: "42" });
    for (const limit of ["0", String(LIST_MAX_PAGE_SIZE + 1), "1.5", "x", ""]) {
      const result = listPageQuerySchema.safeParse({ limit });
      expect(result.success, limit).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(messages.paging.limit(LIST_MAX_PAGE_SIZE));
    }
    for (const before of ["0", "-1", "01", "1e3", " 1", "1".repeat(19)]) {
      const result = listPageQuerySchema.safeParse({ before });
      expect(result.success, before).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(messages.paging.before);
    }
  });
});
