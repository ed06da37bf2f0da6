/** `POST /api/admin/projects/archive {projectId, archive}` (signed): Archive or Restore a submission. */
import { adminSuccessSchema } from "@classcoin/shared/admin";
import { projectSchema } from "@classcoin/shared/entities";
import { useAdminMutation } from "./admin-request";
import { replaceInList } from "./cache";

const archiveProjectResult = adminSuccessSchema.extend({ project: projectSchema });

export const useArchiveProject = () =>
  useAdminMutation<{ projectId: string; archive: boolean }, typeof archiveProjectResult>(
    "/projects/archive",
    archiveProjectResult,
    (queryClient, wallet, result) => replaceInList(queryClient, "projects", wallet, result.project),
  );
