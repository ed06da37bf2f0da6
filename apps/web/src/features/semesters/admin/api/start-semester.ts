/** `POST /api/admin/semesters/start {clearWhitelist}` (signed): clear the class for a new semester (bounties stay). */
import { semesterAdminEndpoints } from "@classcoin/shared/endpoints/semesters";
import { useAdminMutation } from "../../../../lib/admin/use-admin-mutation";
import { getSemesterPreviewQueryOptions } from "./get-semester-preview";

export const useStartSemester = () =>
  useAdminMutation(semesterAdminEndpoints.start, (queryClient, signer) => {
    // Every other admin list (profiles, posts, whitelist, …) changed too: they reload when next shown.
    void queryClient.invalidateQueries({ queryKey: ["admin"], refetchType: "none" });
    void queryClient.invalidateQueries({ queryKey: getSemesterPreviewQueryOptions(signer).queryKey });
  });
