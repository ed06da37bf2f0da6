/**
 * Whether the forum still shows post `id`, asked in one request (`GET /api/posts?limit=1&before=id+1`: the
 * newest visible post at or below it) before /forum?post= pages towards it. A link to a post hidden, or of a
 * semester since reset, sorted below every post shown, so the page loaded the whole forum (21 requests and
 * 604 posts for a forum of 605) only to say it is gone.
 */
import { postEndpoints } from "@classcoin/shared/endpoints/posts";
import { useQuery } from "@tanstack/react-query";
import { callApi } from "../../../lib/api-client";

/** `before` is at most 18 digits: a larger id is past every post, which the page tells from the first page. */
const MAX_BEFORE = 999_999_999_999_999_999n;

/** False once the answer says the post is not shown; true or undefined otherwise (shown, or not known yet). */
export function usePostOnForum(id: string | null): boolean | undefined {
  const before = id === null ? null : BigInt(id) + 1n;
  const { data } = useQuery({
    queryKey: ["posts", "on-forum", id],
    queryFn: () => callApi(postEndpoints.list, { query: { limit: 1, before: String(before) } }),
    enabled: before !== null && before <= MAX_BEFORE,
  });
  if (!data) return undefined;
  return data[0]?._id === id;
}
