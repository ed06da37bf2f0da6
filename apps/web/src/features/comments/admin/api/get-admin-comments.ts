/** `GET /api/admin/comments/:wallet` (signed): every comment, hidden and deleted ones too. */
import { commentAdminEndpoints } from "@classcoin/shared/endpoints/comments";
import { useQuery } from "@tanstack/react-query";
import { adminQueryOptions } from "../../../../lib/admin/admin-call";
import type { AdminSigner } from "../../../../lib/admin/admin-signer";

export const getAdminCommentsQueryOptions = (signer: AdminSigner) =>
  adminQueryOptions(commentAdminEndpoints.list, signer);

export const useAdminComments = (signer: AdminSigner) => useQuery(getAdminCommentsQueryOptions(signer));
