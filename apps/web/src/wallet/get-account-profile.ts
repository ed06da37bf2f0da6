/**
 * The connected person's profile (null when they have none, with `archived` when the instructor archived it).
 * It lives with the wallet because every page asks "who is connected": the user strip, the forum's composer,
 * the home checklist.
 */
import { profileEndpoints } from "@classcoin/shared/endpoints/profiles";
import type { Profile } from "@classcoin/shared/entities";
import type { ProfileStatus } from "@classcoin/shared/profiles";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { callApi } from "../lib/api-client";
import { useWallet } from "./use-wallet";

/**
 * `GET /api/profiles/:wallet/status`: none, active (with the profile) or archived. Not the spec's
 * `GET /api/profiles/:wallet`, whose 404 for "none" every browser logs as an error, and which cannot tell an
 * archived profile from none.
 */
export function getProfileStatus(wallet: string): Promise<ProfileStatus> {
  return callApi(profileEndpoints.status, { params: { wallet: wallet.toLowerCase() } });
}

export const getAccountProfileQueryOptions = (wallet: string | undefined) =>
  queryOptions({
    queryKey: ["profiles", "one", wallet?.toLowerCase() ?? null],
    queryFn: (): Promise<ProfileStatus | null> => (wallet ? getProfileStatus(wallet) : Promise.resolve(null)),
    enabled: wallet !== undefined,
  });

/** What the cache holds once the wallet's own profile was saved. */
export const savedProfileStatus = (profile: Profile): ProfileStatus => ({ status: "active", profile });

/**
 * The connected wallet's profile: `undefined` while unknown or not connected, `null` when there is none or it
 * is archived; `archived` says which (an archived student is told so, not offered a form).
 */
export function useAccountProfile() {
  const { wallet } = useWallet();
  const query = useQuery(getAccountProfileQueryOptions(wallet));
  const status = wallet ? query.data : undefined;
  return {
    profile: status ? status.profile : undefined,
    archived: status?.status === "archived",
    isLoading: wallet !== undefined && query.isLoading,
  };
}
