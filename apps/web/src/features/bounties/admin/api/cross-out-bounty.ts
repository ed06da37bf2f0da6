/** `POST /api/admin/bounties/cross-out {bountyId, crossOut}` (signed): Cross out or Restore a bounty. */
import { bountyAdminEndpoints } from "@classcoin/shared/endpoints/bounties";
import { replaceInList } from "../../../../lib/admin/admin-cache";
import { useAdminMutation } from "../../../../lib/admin/use-admin-mutation";
import { getAdminBountiesQueryOptions } from "./get-admin-bounties";

export const useCrossOutBounty = () =>
  useAdminMutation(bountyAdminEndpoints.crossOut, (queryClient, signer, result) =>
    replaceInList(queryClient, getAdminBountiesQueryOptions(signer).queryKey, result.bounty),
  );
