/** `POST /api/admin/bounties/cancel {bountyId}` (signed): the bounty is cancelled, nothing is paid (issue 14). */
import { bountyAdminEndpoints } from "@classcoin/shared/endpoints/bounties";
import { replaceInList } from "../../../../lib/admin/admin-cache";
import { useAdminMutation } from "../../../../lib/admin/use-admin-mutation";
import { getAdminBountiesQueryOptions } from "./get-admin-bounties";

export const useCancelBounty = () =>
  useAdminMutation(bountyAdminEndpoints.cancel, (queryClient, signer, result) =>
    replaceInList(queryClient, getAdminBountiesQueryOptions(signer).queryKey, result.bounty),
  );
