/** `GET /api/admin/predictions/:wallet` (signed): every project's round with all its predictions. */
import { predictionAdminEndpoints } from "@classcoin/shared/endpoints/predictions";
import { useQuery } from "@tanstack/react-query";
import { adminQueryOptions } from "../../../../lib/admin/admin-call";
import type { AdminSigner } from "../../../../lib/admin/admin-signer";

export const getAdminRoundsQueryOptions = (signer: AdminSigner) =>
  adminQueryOptions(predictionAdminEndpoints.list, signer);

export const useAdminRounds = (signer: AdminSigner) => useQuery(getAdminRoundsQueryOptions(signer));
