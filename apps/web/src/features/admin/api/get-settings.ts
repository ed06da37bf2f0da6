/** `GET /api/admin/settings/:wallet` (signed): the site settings (whitelist mode). */
import { type Settings, settingsSchema } from "@classcoin/shared/entities";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { type AdminSigner, adminGet, adminKey, adminQueryDefaults } from "./admin-request";

export function getSettings(signer: AdminSigner): Promise<Settings> {
  return adminGet(signer, "/settings", settingsSchema);
}

export const getSettingsQueryOptions = (signer: AdminSigner) =>
  queryOptions({
    queryKey: adminKey("settings", signer.wallet),
    queryFn: () => getSettings(signer),
    ...adminQueryDefaults,
  });

export const useSettings = (signer: AdminSigner) => useQuery(getSettingsQueryOptions(signer));
