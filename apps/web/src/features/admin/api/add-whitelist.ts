/** `POST /api/admin/whitelist/add {wallet, notes}` (signed): whitelist a wallet. */
import { adminSuccessSchema } from "@classcoin/shared/admin";
import { type WhitelistEntry, whitelistEntrySchema } from "@classcoin/shared/entities";
import { useAdminMutation } from "./admin-request";
import { removeFromList, replaceInList } from "./cache";

const addResult = adminSuccessSchema.extend({ entry: whitelistEntrySchema });

export const useAddWhitelist = () =>
  useAdminMutation<{ wallet: string; notes: string }, typeof addResult>(
    "/whitelist/add",
    addResult,
    (queryClient, wallet, result) => {
      // Adding a listed wallet again updates its notes: one row per wallet.
      removeFromList<WhitelistEntry>(
        queryClient,
        "whitelist",
        wallet,
        (e) => e._id === result.entry._id || e.wallet !== result.entry.wallet,
      );
      replaceInList(queryClient, "whitelist", wallet, result.entry, { prepend: true });
    },
  );
