/** Updates an admin list in the cache from a write's answer, so the tab need not reload (and sign) again. */
import type { DataTag, QueryClient, QueryKey } from "@tanstack/react-query";

export function replaceInList<T extends { _id: string }>(
  queryClient: QueryClient,
  queryKey: DataTag<QueryKey, T[], Error>,
  item: T,
  { prepend = false }: { prepend?: boolean } = {},
): void {
  queryClient.setQueryData(queryKey, (list) => {
    if (!list) return list;
    if (list.some((x) => x._id === item._id)) return list.map((x) => (x._id === item._id ? item : x));
    return prepend ? [item, ...list] : [...list, item];
  });
}

export function removeFromList<T>(
  queryClient: QueryClient,
  queryKey: DataTag<QueryKey, T[], Error>,
  keep: (item: T) => boolean,
) {
  queryClient.setQueryData(queryKey, (list) => list?.filter(keep));
}
