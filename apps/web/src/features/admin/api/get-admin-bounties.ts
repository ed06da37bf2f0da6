/** `GET /api/admin/bounties/:wallet` (signed): every bounty. */
import { type Bounty, bountySchema } from "@classcoin/shared/entities";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { type AdminSigner, adminGet, adminKey, adminQueryDefaults } from "./admin-request";

export function getAdminBounties(signer: AdminSigner): Promise<Bounty[]> {
  return adminGet(signer, "/bounties", z.array(bountySchema));
}

export const getAdminBountiesQueryOptions = (signer: AdminSigner) =>
  queryOptions({
    queryKey: adminKey("bounties", signer.wallet),
    queryFn: () => getAdminBounties(signer),
    ...adminQueryDefaults,
  });

export const useAdminBounties = (signer: AdminSigner) => useQuery(getAdminBountiesQueryOptions(signer));
