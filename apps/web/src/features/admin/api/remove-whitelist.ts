/** `POST /api/admin/whitelist/remove {wallet}` (signed): take a wallet off the whitelist. */
import { adminSuccessSchema } from "@classcoin/shared/admin";
import type { WhitelistEntry } from "@classcoin/shared/entities";
import { useAdminMutation } from "./admin-request";
import { removeFromList } from "./cache";

export const useRemoveWhitelist = () =>
  useAdminMutation<{ wallet: string }, typeof adminSuccessSchema>(
    "/whitelist/remove",
    adminSuccessSchema,
    (queryClient, wallet, _result, input) =>
      removeFromList<WhitelistEntry>(
        queryClient,
        "whitelist",
        wallet,
        (e) => e.wallet.toLowerCase() !== input.wallet.toLowerCase(),
      ),
  );
