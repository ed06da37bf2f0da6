/**
 * Optional keyset paging for the lists the spec serves whole (`GET /api/posts`, `GET /api/profiles`,
 * `GET /api/projects/{n}`, issue 19): the answer is always the spec's array, in the spec's order.
 * - No `limit` and no `before`: the whole list, exactly as the spec's client expects it.
 * - `limit` (1–100): at most that many items.
 * - `before`: the `_id` of the last item already shown; the answer continues right after it in the list's
 *   order (seek, never OFFSET), so rows added meanwhile neither repeat nor shift an item out of the pages;
 *   without `limit`, at most 100 (`pageLimit`).
 * The next cursor is the `_id` of the last item of a page; a page shorter than `limit` is the last one.
 * `keysetPage` turns an answer asked for with `limit: size + 1` into a page that knows whether more follow.
 */
import { z } from "zod";
import { messages } from "./messages";
import { wholeNumber } from "./primitives";

export const LIST_MAX_PAGE_SIZE = 100;

export const listPageQuerySchema = z.object({
  limit: wholeNumber(messages.paging.limit(LIST_MAX_PAGE_SIZE), 1, LIST_MAX_PAGE_SIZE)
    .optional()
    .describe("Page size (1–100); without it the whole list, or 100 after `before`"),
  before: z
    .string()
    .regex(/^[1-9][0-9]{0,17}$/, messages.paging.before)
    .optional()
    .describe("The `_id` of the last item already shown: the page continues after it"),
});
export type ListPageQuery = z.output<typeof listPageQuerySchema>;

/**
 * How many items to answer: `limit`; without it the whole list (the spec's client), except after a `before`,
 * where a page is at most `LIST_MAX_PAGE_SIZE`. Every other `before` is another cache key, so "the rest of the
 * list after X" was a whole-table read anyone could repeat past the response cache.
 */
export function pageLimit(page: ListPageQuery): number | undefined {
  return page.limit ?? (page.before === undefined ? undefined : LIST_MAX_PAGE_SIZE);
}

/** A page of a keyset-paged list: its items and the `before` of the next page, null at the end. */
export interface KeysetPage<T> {
  items: T[];
  /** Pass as `before` for the next page; null when this page is the last. */
  nextCursor: string | null;
}

/** `rows` as answered for `limit: size + 1`: the first `size` of them, and a next cursor if one more came. */
export function keysetPage<T extends { _id: string }>(rows: readonly T[], size: number): KeysetPage<T> {
  const items = rows.slice(0, size);
  return { items, nextCursor: rows.length > size ? (items.at(-1)?._id ?? null) : null };
}
