/** `POST /api/admin/bounties/update {bountyId, title, description, reward}` (signed): edit a bounty. */
import { adminSuccessSchema } from "@classcoin/shared/admin";
import { bountySchema } from "@classcoin/shared/entities";
import { useAdminMutation } from "./admin-request";
import { replaceInList } from "./cache";

const bountyResult = adminSuccessSchema.extend({ bounty: bountySchema });

export const useUpdateBounty = () =>
  useAdminMutation<{ bountyId: string; title: string; description: string; reward: number }, typeof bountyResult>(
    "/bounties/update",
    bountyResult,
    (queryClient, wallet, result) => replaceInList(queryClient, "bounties", wallet, result.bounty),
  );
