/** `POST /api/admin/bounties/delete {bountyId}` (signed): delete a bounty permanently. */
import { bountyAdminEndpoints } from "@classcoin/shared/endpoints/bounties";
import { removeFromList } from "../../../../lib/admin/admin-cache";
import { useAdminMutation } from "../../../../lib/admin/use-admin-mutation";
import { getAdminBountiesQueryOptions } from "./get-admin-bounties";

export const useDeleteBounty = () =>
  useAdminMutation(bountyAdminEndpoints.delete, (queryClient, signer, _result, input) =>
    removeFromList(queryClient, getAdminBountiesQueryOptions(signer).queryKey, (b) => b._id !== input.bountyId),
  );
