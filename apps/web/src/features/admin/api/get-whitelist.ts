/** `GET /api/admin/whitelist/:wallet` (signed): the whitelisted wallets. */
import { type WhitelistEntry, whitelistEntrySchema } from "@classcoin/shared/entities";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { type AdminSigner, adminGet, adminKey, adminQueryDefaults } from "./admin-request";

export function getWhitelist(signer: AdminSigner): Promise<WhitelistEntry[]> {
  return adminGet(signer, "/whitelist", z.array(whitelistEntrySchema));
}

export const getWhitelistQueryOptions = (signer: AdminSigner) =>
  queryOptions({
    queryKey: adminKey("whitelist", signer.wallet),
    queryFn: () => getWhitelist(signer),
    ...adminQueryDefaults,
  });

export const useWhitelist = (signer: AdminSigner) => useQuery(getWhitelistQueryOptions(signer));
