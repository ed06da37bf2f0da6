/** `GET /api/admin/whitelist/:wallet` (signed): the whitelisted wallets. */
import { whitelistAdminEndpoints } from "@classcoin/shared/endpoints/whitelist";
import { useQuery } from "@tanstack/react-query";
import { adminQueryOptions } from "../../../lib/admin/admin-call";
import type { AdminSigner } from "../../../lib/admin/admin-signer";

export const getWhitelistQueryOptions = (signer: AdminSigner) =>
  adminQueryOptions(whitelistAdminEndpoints.list, signer);

export const useWhitelist = (signer: AdminSigner) => useQuery(getWhitelistQueryOptions(signer));
