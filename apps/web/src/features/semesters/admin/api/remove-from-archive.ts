/** `POST /api/admin/archives/remove {archiveId, kind, target}` (signed): take something out of an archive. */
import { semesterAdminEndpoints } from "@classcoin/shared/endpoints/semesters";
import { useAdminMutation } from "../../../../lib/admin/use-admin-mutation";
import { getArchivesQueryOptions } from "../../api/get-archives";

export const useRemoveFromArchive = () =>
  useAdminMutation(semesterAdminEndpoints.removeFromArchive, (queryClient) => {
    // The archive itself, its explorer pages and the list's counts all changed.
    void queryClient.invalidateQueries({ queryKey: getArchivesQueryOptions().queryKey });
  });
