/** `POST /api/admin/semesters/archive {name}` (signed): snapshot the current semester into a read-only archive. */
import { semesterAdminEndpoints } from "@classcoin/shared/endpoints/semesters";
import { useAdminMutation } from "../../../../lib/admin/use-admin-mutation";
import { getArchivesQueryOptions } from "../../api/get-archives";
import { getSemesterPreviewQueryOptions } from "./get-semester-preview";

export const useArchiveSemester = () =>
  useAdminMutation(semesterAdminEndpoints.archive, (queryClient, signer, result) => {
    // The preview now says the semester is archived (under this name); /archive lists the new archive.
    queryClient.setQueryData(getSemesterPreviewQueryOptions(signer).queryKey, (preview) =>
      preview
        ? {
            ...preview,
            archivedSinceStart: true,
            archiveId: result.archive._id,
            semester: { ...preview.semester, name: result.archive.name },
            counts: result.archive.counts,
          }
        : preview,
    );
    void queryClient.invalidateQueries({ queryKey: getArchivesQueryOptions().queryKey });
  });
