/** `GET /api/posts/:postId/comments`: a post's comments, oldest first (replies carry their parent's id). */
import { commentEndpoints } from "@classcoin/shared/endpoints/comments";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { callApi } from "../../../lib/api-client";

export const getComments = (postId: string) => callApi(commentEndpoints.list, { params: { postId } });

export const getCommentsQueryOptions = (postId: string) =>
  queryOptions({ queryKey: ["comments", postId], queryFn: () => getComments(postId) });

export const useComments = (postId: string) => useQuery(getCommentsQueryOptions(postId));
