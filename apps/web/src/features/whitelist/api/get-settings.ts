/** `GET /api/admin/settings/:wallet` (signed): the site settings (whitelist mode). */
import { whitelistAdminEndpoints } from "@classcoin/shared/endpoints/whitelist";
import { useQuery } from "@tanstack/react-query";
import { adminQueryOptions } from "../../../lib/admin/admin-call";
import type { AdminSigner } from "../../../lib/admin/admin-signer";

export const getSettingsQueryOptions = (signer: AdminSigner) =>
  adminQueryOptions(whitelistAdminEndpoints.settings, signer);

export const useSettings = (signer: AdminSigner) => useQuery(getSettingsQueryOptions(signer));
