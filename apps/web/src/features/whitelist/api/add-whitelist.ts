/** `POST /api/admin/whitelist/add {wallet, notes}` (signed): whitelist a wallet and send its welcome grant. */
import { whitelistAdminEndpoints } from "@classcoin/shared/endpoints/whitelist";
import { removeFromList, replaceInList } from "../../../lib/admin/admin-cache";
import { useAdminMutation } from "../../../lib/admin/use-admin-mutation";
import { getWhitelistQueryOptions } from "./get-whitelist";

export const useAddWhitelist = () =>
  useAdminMutation(whitelistAdminEndpoints.add, (queryClient, signer, { entry, grant }) => {
    const { queryKey } = getWhitelistQueryOptions(signer);
    // A listed wallet added again (its grant sent again, add-again.ts) answers its own row: one row per wallet.
    removeFromList(queryClient, queryKey, (e) => e._id === entry._id || e.wallet !== entry.wallet);
    // The row shows the grant the answer carries, as the list will after a reload.
    replaceInList(queryClient, queryKey, { ...entry, grant }, { prepend: true });
  });
