/** `GET /api/feed?before=`: the Feed, newest first, page after page (keyset: `before` = the last page's cursor). */
import { feedEndpoints } from "@classcoin/shared/endpoints/feed";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { callApi } from "../../../lib/api-client";
import { useWallet } from "../../../wallet/use-wallet";

export const getFeedPage = (before: string | undefined) =>
  callApi(feedEndpoints.list, { query: before ? { before } : {} });

/** Keyed by the connected wallet too: which posts are `mine` depends on the session. */
export const getFeedQueryOptions = (wallet: string | undefined) =>
  infiniteQueryOptions({
    queryKey: ["feed", wallet ?? null],
    queryFn: ({ pageParam }) => getFeedPage(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useFeed() {
  const { wallet } = useWallet();
  return useInfiniteQuery(getFeedQueryOptions(wallet));
}
