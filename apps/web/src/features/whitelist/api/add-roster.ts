/**
 * `POST /api/admin/whitelist/add-many {list}` (signed): a pasted roster, one `wallet[,notes]` per line, added
 * whole or not at all; each new wallet's welcome grant is sent (issue 14).
 */
import { whitelistAdminEndpoints } from "@classcoin/shared/endpoints/whitelist";
import { replaceInList } from "../../../lib/admin/admin-cache";
import { useAdminMutation } from "../../../lib/admin/use-admin-mutation";
import { getWhitelistQueryOptions } from "./get-whitelist";

export const useAddRoster = () =>
  useAdminMutation(whitelistAdminEndpoints.addMany, (queryClient, signer, { added }) => {
    const { queryKey } = getWhitelistQueryOptions(signer);
    for (const entry of [...added].reverse()) replaceInList(queryClient, queryKey, entry, { prepend: true });
  });
