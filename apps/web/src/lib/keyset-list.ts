/**
 * The query of a list paged by keyset (packages/shared/src/paging.ts), as an infinite query: each page asks
 * for one item more than it shows, which tells whether another page follows without a request that comes
 * back empty; the next page continues after the last item shown (`before`).
 */
import { type KeysetPage, keysetPage, type ListPageQuery } from "@classcoin/shared/paging";
import { infiniteQueryOptions, type QueryKey } from "@tanstack/react-query";

export function keysetListOptions<T extends { _id: string }, K extends QueryKey>(
  queryKey: K,
  pageSize: number,
  read: (page: Required<Pick<ListPageQuery, "limit">> & Pick<ListPageQuery, "before">) => Promise<T[]>,
) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: async ({ pageParam }): Promise<KeysetPage<T>> =>
      keysetPage(await read({ limit: pageSize + 1, ...(pageParam ? { before: pageParam } : {}) }), pageSize),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
