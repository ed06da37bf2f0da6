/** `POST /api/admin/settings {key: "whitelistMode", value}` (signed): turn whitelist mode on or off. */
import { whitelistAdminEndpoints } from "@classcoin/shared/endpoints/whitelist";
import { useAdminMutation } from "../../../lib/admin/use-admin-mutation";
import { getSettingsQueryOptions } from "./get-settings";

export const useSetWhitelistMode = () =>
  useAdminMutation(whitelistAdminEndpoints.updateSettings, (queryClient, signer, result) =>
    queryClient.setQueryData(getSettingsQueryOptions(signer).queryKey, result.settings),
  );
