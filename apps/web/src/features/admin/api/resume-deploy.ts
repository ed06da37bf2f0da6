/**
 * `POST /api/admin/deploy-classcoin/resume {runId}` (signed): the last, interrupted run continues with the
 * chunks not minted yet (issue 14); answers like a deploy.
 */
import { adminEndpoints } from "@classcoin/shared/endpoints/admin";
import { useAdminMutation } from "../../../lib/admin/use-admin-mutation";

export const useResumeDeploy = () => useAdminMutation(adminEndpoints.resumeDeploy, () => {});
