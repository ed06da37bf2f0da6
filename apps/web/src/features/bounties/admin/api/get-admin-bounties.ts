/** `GET /api/admin/bounties/:wallet` (signed): every bounty. */
import { bountyAdminEndpoints } from "@classcoin/shared/endpoints/bounties";
import { useQuery } from "@tanstack/react-query";
import { adminQueryOptions } from "../../../../lib/admin/admin-call";
import type { AdminSigner } from "../../../../lib/admin/admin-signer";

export const getAdminBountiesQueryOptions = (signer: AdminSigner) =>
  adminQueryOptions(bountyAdminEndpoints.list, signer);

export const useAdminBounties = (signer: AdminSigner) => useQuery(getAdminBountiesQueryOptions(signer));
