/**
 * `GET /api/posts?limit=&before=`: the visible posts, newest first, page by page, so /forum reaches every
 * post however many there are.
 */
import { postEndpoints } from "@classcoin/shared/endpoints/posts";
import { useInfiniteQuery } from "@tanstack/react-query";
import { callApi } from "../../../lib/api-client";
import { keysetListOptions } from "../../../lib/keyset-list";

export const POSTS_PAGE_SIZE = 30;

/** A new post, a comment count and live updates invalidate `["posts"]`: the pages are read again from the first. */
export const getPostsQueryOptions = () =>
  keysetListOptions(["posts", "list"], POSTS_PAGE_SIZE, (query) => callApi(postEndpoints.list, { query }));

/** The forum's pages; `posts` is every post loaded so far, newest first. */
export function usePosts() {
  const query = useInfiniteQuery(getPostsQueryOptions());
  return { ...query, posts: query.data?.pages.flatMap((page) => page.items) };
}
