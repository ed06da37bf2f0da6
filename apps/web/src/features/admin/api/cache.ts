/** Updates an admin list in the cache from a write's answer, so the tab need not reload (and sign) again. */
import type { QueryClient } from "@tanstack/react-query";
import { adminKey } from "./admin-request";

export function replaceInList<T extends { _id: string }>(
  queryClient: QueryClient,
  name: string,
  wallet: string,
  item: T,
  { prepend = false }: { prepend?: boolean } = {},
): void {
  queryClient.setQueryData<T[]>(adminKey(name, wallet), (list) => {
    if (!list) return list;
    if (list.some((x) => x._id === item._id)) return list.map((x) => (x._id === item._id ? item : x));
    return prepend ? [item, ...list] : [...list, item];
  });
}

export function removeFromList<T>(
  queryClient: QueryClient,
  name: string,
  wallet: string,
  keep: (item: T) => boolean,
): void {
  queryClient.setQueryData<T[]>(adminKey(name, wallet), (list) => list?.filter(keep));
}
