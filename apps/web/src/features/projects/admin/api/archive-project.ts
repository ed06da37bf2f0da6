/** `POST /api/admin/projects/archive {projectId, archive}` (signed): Archive or Restore a submission. */
import { projectAdminEndpoints } from "@classcoin/shared/endpoints/projects";
import { replaceInList } from "../../../../lib/admin/admin-cache";
import { useAdminMutation } from "../../../../lib/admin/use-admin-mutation";
import { getAdminProjectsQueryOptions } from "./get-admin-projects";

export const useArchiveProject = () =>
  useAdminMutation(projectAdminEndpoints.archive, (queryClient, signer, result) =>
    replaceInList(queryClient, getAdminProjectsQueryOptions(signer).queryKey, result.project),
  );
