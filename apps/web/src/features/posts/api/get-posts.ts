/**
 * `GET /api/posts?limit=&before=`: the visible posts, newest first, page by page (keyset: `before` = the
 * last post shown; packages/shared/src/paging.ts), so /forum reaches every post however many there are.
 * Asking for one more than a page tells whether another page follows.
 */
import { postEndpoints } from "@classcoin/shared/endpoints/posts";
import { keysetPage } from "@classcoin/shared/paging";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { callApi } from "../../../lib/api-client";

export const POSTS_PAGE_SIZE = 30;

export const getPostsPage = async (before: string | undefined) =>
  keysetPage(
    await callApi(postEndpoints.list, { query: { limit: POSTS_PAGE_SIZE + 1, ...(before ? { before } : {}) } }),
    POSTS_PAGE_SIZE,
  );

/** A new post, a comment count and live updates invalidate `["posts"]`: the pages are read again from the first. */
export const getPostsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ["posts", "list"],
    queryFn: ({ pageParam }) => getPostsPage(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** The forum's pages; `posts` is every post loaded so far, newest first. */
export function usePosts() {
  const query = useInfiniteQuery(getPostsQueryOptions());
  return { ...query, posts: query.data?.pages.flatMap((page) => page.items) };
}
