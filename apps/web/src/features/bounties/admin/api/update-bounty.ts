/** `POST /api/admin/bounties/update {bountyId, title, description, reward}` (signed): edit a bounty. */
import { bountyAdminEndpoints } from "@classcoin/shared/endpoints/bounties";
import { replaceInList } from "../../../../lib/admin/admin-cache";
import { useAdminMutation } from "../../../../lib/admin/use-admin-mutation";
import { getAdminBountiesQueryOptions } from "./get-admin-bounties";

export const useUpdateBounty = () =>
  useAdminMutation(bountyAdminEndpoints.update, (queryClient, signer, result) =>
    replaceInList(queryClient, getAdminBountiesQueryOptions(signer).queryKey, result.bounty),
  );
