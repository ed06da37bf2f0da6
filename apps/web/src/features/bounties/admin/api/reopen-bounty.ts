/** `POST /api/admin/bounties/reopen {bountyId}` (signed): a cancelled bounty is active again (issue 14). */
import { bountyAdminEndpoints } from "@classcoin/shared/endpoints/bounties";
import { replaceInList } from "../../../../lib/admin/admin-cache";
import { useAdminMutation } from "../../../../lib/admin/use-admin-mutation";
import { getAdminBountiesQueryOptions } from "./get-admin-bounties";

export const useReopenBounty = () =>
  useAdminMutation(bountyAdminEndpoints.reopen, (queryClient, signer, result) =>
    replaceInList(queryClient, getAdminBountiesQueryOptions(signer).queryKey, result.bounty),
  );
