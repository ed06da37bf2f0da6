/** `POST /api/admin/bounties {title, description, reward}` (signed): a new bounty. */
import { bountyAdminEndpoints } from "@classcoin/shared/endpoints/bounties";
import { replaceInList } from "../../../../lib/admin/admin-cache";
import { useAdminMutation } from "../../../../lib/admin/use-admin-mutation";
import { getAdminBountiesQueryOptions } from "./get-admin-bounties";

export const useCreateBounty = () =>
  useAdminMutation(bountyAdminEndpoints.create, (queryClient, signer, result) =>
    replaceInList(queryClient, getAdminBountiesQueryOptions(signer).queryKey, result.bounty, { prepend: true }),
  );
