/** `POST /api/admin/whitelist/remove {wallet}` (signed): take a wallet off the whitelist. */
import { whitelistAdminEndpoints } from "@classcoin/shared/endpoints/whitelist";
import { removeFromList } from "../../../lib/admin/admin-cache";
import { useAdminMutation } from "../../../lib/admin/use-admin-mutation";
import { getWhitelistQueryOptions } from "./get-whitelist";

export const useRemoveWhitelist = () =>
  useAdminMutation(whitelistAdminEndpoints.remove, (queryClient, signer, _result, input) =>
    removeFromList(
      queryClient,
      getWhitelistQueryOptions(signer).queryKey,
      (e) => e.wallet.toLowerCase() !== String(input.wallet).toLowerCase(),
    ),
  );
