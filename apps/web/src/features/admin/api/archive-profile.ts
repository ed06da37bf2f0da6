/** `POST /api/admin/profiles/archive {wallet, archive}` (signed): Archive or Restore a profile. */
import { adminSuccessSchema } from "@classcoin/shared/admin";
import { profileSchema } from "@classcoin/shared/entities";
import { useAdminMutation } from "./admin-request";
import { replaceInList } from "./cache";

const archiveProfileResult = adminSuccessSchema.extend({ profile: profileSchema });

export const useArchiveProfile = () =>
  useAdminMutation<{ wallet: string; archive: boolean }, typeof archiveProfileResult>(
    "/profiles/archive",
    archiveProfileResult,
    (queryClient, wallet, result) => replaceInList(queryClient, "profiles", wallet, result.profile),
  );
