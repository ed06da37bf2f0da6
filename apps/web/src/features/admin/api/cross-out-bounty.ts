/** `POST /api/admin/bounties/cross-out {bountyId, crossOut}` (signed): Cross out or Restore a bounty. */
import { adminSuccessSchema } from "@classcoin/shared/admin";
import { bountySchema } from "@classcoin/shared/entities";
import { useAdminMutation } from "./admin-request";
import { replaceInList } from "./cache";

const bountyResult = adminSuccessSchema.extend({ bounty: bountySchema });

export const useCrossOutBounty = () =>
  useAdminMutation<{ bountyId: string; crossOut: boolean }, typeof bountyResult>(
    "/bounties/cross-out",
    bountyResult,
    (queryClient, wallet, result) => replaceInList(queryClient, "bounties", wallet, result.bounty),
  );
