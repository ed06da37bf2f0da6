/** `GET /api/admin/feed/:wallet` (signed): every Feed post with its author, hidden ones too. */
import { feedAdminEndpoints } from "@classcoin/shared/endpoints/feed";
import { useQuery } from "@tanstack/react-query";
import { adminQueryOptions } from "../../../../lib/admin/admin-call";
import type { AdminSigner } from "../../../../lib/admin/admin-signer";

export const getAdminFeedQueryOptions = (signer: AdminSigner) => adminQueryOptions(feedAdminEndpoints.list, signer);

export const useAdminFeed = (signer: AdminSigner) => useQuery(getAdminFeedQueryOptions(signer));
