/** `GET /api/admin/profiles/:wallet` (signed): every profile, archived ones too. */
import { type Profile, profileSchema } from "@classcoin/shared/entities";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { type AdminSigner, adminGet, adminKey, adminQueryDefaults } from "./admin-request";

export function getAdminProfiles(signer: AdminSigner): Promise<Profile[]> {
  return adminGet(signer, "/profiles", z.array(profileSchema));
}

export const getAdminProfilesQueryOptions = (signer: AdminSigner) =>
  queryOptions({
    queryKey: adminKey("profiles", signer.wallet),
    queryFn: () => getAdminProfiles(signer),
    ...adminQueryDefaults,
  });

export const useAdminProfiles = (signer: AdminSigner) => useQuery(getAdminProfilesQueryOptions(signer));
