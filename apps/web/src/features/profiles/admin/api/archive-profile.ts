/** `POST /api/admin/profiles/archive {wallet, archive}` (signed): Archive or Restore a profile. */
import { profileAdminEndpoints } from "@classcoin/shared/endpoints/profiles";
import { replaceInList } from "../../../../lib/admin/admin-cache";
import { useAdminMutation } from "../../../../lib/admin/use-admin-mutation";
import { getAdminProfilesQueryOptions } from "./get-admin-profiles";

export const useArchiveProfile = () =>
  useAdminMutation(profileAdminEndpoints.archive, (queryClient, signer, result) =>
    replaceInList(queryClient, getAdminProfilesQueryOptions(signer).queryKey, result.profile),
  );
