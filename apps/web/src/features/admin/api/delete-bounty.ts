/** `POST /api/admin/bounties/delete {bountyId}` (signed): delete a bounty permanently. */
import { adminSuccessSchema } from "@classcoin/shared/admin";
import type { Bounty } from "@classcoin/shared/entities";
import { useAdminMutation } from "./admin-request";
import { removeFromList } from "./cache";

export const useDeleteBounty = () =>
  useAdminMutation<{ bountyId: string }, typeof adminSuccessSchema>(
    "/bounties/delete",
    adminSuccessSchema,
    (queryClient, wallet, _result, input) =>
      removeFromList<Bounty>(queryClient, "bounties", wallet, (b) => b._id !== input.bountyId),
  );
