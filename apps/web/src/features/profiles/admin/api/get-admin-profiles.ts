/** `GET /api/admin/profiles/:wallet` (signed): every profile, archived ones too. */
import { profileAdminEndpoints } from "@classcoin/shared/endpoints/profiles";
import { useQuery } from "@tanstack/react-query";
import { adminQueryOptions } from "../../../../lib/admin/admin-call";
import type { AdminSigner } from "../../../../lib/admin/admin-signer";

export const getAdminProfilesQueryOptions = (signer: AdminSigner) =>
  adminQueryOptions(profileAdminEndpoints.list, signer);

export const useAdminProfiles = (signer: AdminSigner) => useQuery(getAdminProfilesQueryOptions(signer));
