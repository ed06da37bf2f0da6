/**
 * Patching items in place wherever a list's query keeps them: a plain array (the whole list, or a few
 * newest) or the pages of an infinite query of `KeysetPage`s (packages/shared/src/paging.ts).
 */
import type { KeysetPage } from "@classcoin/shared/paging";
import type { InfiniteData, QueryClient, QueryKey } from "@tanstack/react-query";

export function isPagedList<T>(data: unknown): data is InfiniteData<KeysetPage<T>> {
  return (
    typeof data === "object" &&
    data !== null &&
    "pages" in data &&
    Array.isArray(data.pages) &&
    data.pages.every((page: unknown) => typeof page === "object" && page !== null && "items" in page)
  );
}

/** Applies `patch` to every item of the lists under `queryKey`, whichever of the two shapes they have. */
export function patchListItems<T>(queryClient: QueryClient, queryKey: QueryKey, patch: (item: T) => T): void {
  queryClient.setQueriesData<unknown>({ queryKey }, (data: unknown) => {
    if (Array.isArray(data)) return (data as T[]).map(patch);
    if (isPagedList<T>(data)) {
      return { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.map(patch) })) };
    }
    return data;
  });
}
