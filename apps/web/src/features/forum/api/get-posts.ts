/** `GET /api/posts`: the newest visible posts (the server's default page of 50). */
import { type Post, postSchema } from "@classcoin/shared/entities";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { apiGet } from "../../../wallet/api-request";

export function getPosts(): Promise<Post[]> {
  return apiGet("/api/posts", z.array(postSchema));
}

export const getPostsQueryOptions = () => queryOptions({ queryKey: ["posts"], queryFn: getPosts });

export const usePosts = () => useQuery(getPostsQueryOptions());
