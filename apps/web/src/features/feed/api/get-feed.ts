/** `GET /api/feed?before=`: the Feed, newest first, page after page (keyset: `before` = the last page's cursor). */
import { feedEndpoints } from "@classcoin/shared/endpoints/feed";
import { type InfiniteData, infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { callApi } from "../../../lib/api-client";
import { useSignedIn } from "../../../wallet/session";
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

type FeedPages = InfiniteData<Awaited<ReturnType<typeof getFeedPage>>, string | undefined>;

/** The pages with no post marked `mine`: what a browser whose session is not the connected wallet's shows. */
const withoutMine = (data: FeedPages): FeedPages => ({
  ...data,
  pages: data.pages.map((page) => ({ ...page, posts: page.posts.map((post) => ({ ...post, mine: false })) })),
});

/** `mine` only while the connected wallet is the session's (a session left by another student says nothing). */
export function useFeed() {
  const { wallet } = useWallet();
  const signedIn = useSignedIn() === true;
  return useInfiniteQuery({ ...getFeedQueryOptions(wallet), select: signedIn ? undefined : withoutMine });
}
