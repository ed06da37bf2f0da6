/** `GET /api/admin/posts/:wallet` (signed): every post, hidden ones too. */
import { type Post, postSchema } from "@classcoin/shared/entities";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { type AdminSigner, adminGet, adminKey, adminQueryDefaults } from "./admin-request";

export function getAdminPosts(signer: AdminSigner): Promise<Post[]> {
  return adminGet(signer, "/posts", z.array(postSchema));
}

export const getAdminPostsQueryOptions = (signer: AdminSigner) =>
  queryOptions({
    queryKey: adminKey("posts", signer.wallet),
    queryFn: () => getAdminPosts(signer),
    ...adminQueryDefaults,
  });

export const useAdminPosts = (signer: AdminSigner) => useQuery(getAdminPostsQueryOptions(signer));
