/**
 * `POST /api/admin/whitelist/add-many {list}` (signed): a pasted roster, one `wallet[,notes]` per line, added
 * whole or not at all; each new wallet's welcome grant is sent, and an unfinished one of a wallet already
 * listed is sent again (issue 14).
 */
import { whitelistAdminEndpoints } from "@classcoin/shared/endpoints/whitelist";
import { replaceInList } from "../../../lib/admin/admin-cache";
import { useAdminMutation } from "../../../lib/admin/use-admin-mutation";
import { getWhitelistQueryOptions } from "./get-whitelist";

export const useAddRoster = () =>
  useAdminMutation(whitelistAdminEndpoints.addMany, (queryClient, signer, { added, grants }) => {
    const { queryKey } = getWhitelistQueryOptions(signer);
    for (const entry of [...added].reverse())
      replaceInList(queryClient, queryKey, { ...entry, grant: null }, { prepend: true });
    // Every row of this roster, added now or already listed, shows its grant as this add left it.
    const grantOf = new Map(grants.map((g) => [g.wallet, g]));
    queryClient.setQueryData(queryKey, (list) => list?.map((e) => ({ ...e, grant: grantOf.get(e.wallet) ?? e.grant })));
  });
