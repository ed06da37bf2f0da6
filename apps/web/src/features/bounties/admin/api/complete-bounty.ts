/**
 * `POST /api/admin/bounties/complete {bountyId, wallet}` (signed): the treasury mints the bounty's reward to the
 * student, then the bounty is completed by them (issue 14).
 */
import { bountyAdminEndpoints } from "@classcoin/shared/endpoints/bounties";
import { replaceInList } from "../../../../lib/admin/admin-cache";
import { useAdminMutation } from "../../../../lib/admin/use-admin-mutation";
import { getAdminBountiesQueryOptions } from "./get-admin-bounties";

export const useCompleteBounty = () =>
  useAdminMutation(bountyAdminEndpoints.complete, (queryClient, signer, result) =>
    replaceInList(queryClient, getAdminBountiesQueryOptions(signer).queryKey, result.bounty),
  );
