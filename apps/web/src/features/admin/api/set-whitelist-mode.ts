/** `POST /api/admin/settings {key: "whitelistMode", value}` (signed): turn whitelist mode on or off. */
import { adminSuccessSchema } from "@classcoin/shared/admin";
import { settingsSchema } from "@classcoin/shared/entities";
import { adminKey, useAdminMutation } from "./admin-request";

const settingsResult = adminSuccessSchema.extend({ settings: settingsSchema });

export const useSetWhitelistMode = () =>
  useAdminMutation<{ key: "whitelistMode"; value: boolean }, typeof settingsResult>(
    "/settings",
    settingsResult,
    (queryClient, wallet, result) => queryClient.setQueryData(adminKey("settings", wallet), result.settings),
  );
