/** `GET /api/posts`: the newest visible posts (the server's default page of 50). */
import { postEndpoints } from "@classcoin/shared/endpoints/posts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { callApi } from "../../../lib/api-client";

export const getPosts = () => callApi(postEndpoints.list);

export const getPostsQueryOptions = () => queryOptions({ queryKey: ["posts"], queryFn: getPosts });

export const usePosts = () => useQuery(getPostsQueryOptions());
