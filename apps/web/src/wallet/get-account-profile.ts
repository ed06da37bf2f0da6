/**
 * `GET /api/profiles/:wallet`: the connected person's profile (null when they have none). It lives with the
 * wallet because every page asks "who is connected": the user strip, the forum's composer, the home checklist.
 */
import { profileEndpoints } from "@classcoin/shared/endpoints/profiles";
import type { Profile } from "@classcoin/shared/entities";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { callApi, orNullWhenNotFound } from "../lib/api-client";
import { useWallet } from "./use-wallet";

export function getProfile(wallet: string): Promise<Profile | null> {
  return orNullWhenNotFound(callApi(profileEndpoints.get, { params: { wallet: wallet.toLowerCase() } }));
}

export const getAccountProfileQueryOptions = (wallet: string | undefined) =>
  queryOptions({
    queryKey: ["profiles", "one", wallet?.toLowerCase() ?? null],
    queryFn: () => (wallet ? getProfile(wallet) : null),
    enabled: wallet !== undefined,
  });

/** The connected wallet's profile: `undefined` while unknown or not connected, `null` when there is none. */
export function useAccountProfile() {
  const { wallet } = useWallet();
  const query = useQuery(getAccountProfileQueryOptions(wallet));
  return { profile: wallet ? query.data : undefined, isLoading: wallet !== undefined && query.isLoading };
}
