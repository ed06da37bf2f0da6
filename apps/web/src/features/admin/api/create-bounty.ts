/** `POST /api/admin/bounties {title, description, reward}` (signed): a new bounty. */
import { adminSuccessSchema } from "@classcoin/shared/admin";
import { bountySchema } from "@classcoin/shared/entities";
import { useAdminMutation } from "./admin-request";
import { replaceInList } from "./cache";

const bountyResult = adminSuccessSchema.extend({ bounty: bountySchema });

export const useCreateBounty = () =>
  useAdminMutation<{ title: string; description: string; reward: number }, typeof bountyResult>(
    "/bounties",
    bountyResult,
    (queryClient, wallet, result) => replaceInList(queryClient, "bounties", wallet, result.bounty, { prepend: true }),
  );
