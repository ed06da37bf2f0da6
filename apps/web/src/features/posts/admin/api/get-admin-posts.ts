/** `GET /api/admin/posts/:wallet` (signed): every post, hidden ones too. */
import { postAdminEndpoints } from "@classcoin/shared/endpoints/posts";
import { useQuery } from "@tanstack/react-query";
import { adminQueryOptions } from "../../../../lib/admin/admin-call";
import type { AdminSigner } from "../../../../lib/admin/admin-signer";

export const getAdminPostsQueryOptions = (signer: AdminSigner) => adminQueryOptions(postAdminEndpoints.list, signer);

export const useAdminPosts = (signer: AdminSigner) => useQuery(getAdminPostsQueryOptions(signer));
