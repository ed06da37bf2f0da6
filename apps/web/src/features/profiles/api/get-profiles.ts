/**
 * `GET /api/profiles?limit=&before=`: the community's active profiles, newest first, page by page (keyset:
 * `before` = the last profile shown; packages/shared/src/paging.ts). Asking for one more than a page tells
 * whether another page follows without a request that comes back empty.
 */
import { profileEndpoints } from "@classcoin/shared/endpoints/profiles";
import { keysetPage } from "@classcoin/shared/paging";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { callApi } from "../../../lib/api-client";

/** Profiles per page: a multiple of the grid's 1 to 4 columns. */
export const PROFILES_PAGE_SIZE = 24;

export const getProfilesPage = async (before: string | undefined) =>
  keysetPage(
    await callApi(profileEndpoints.list, { query: { limit: PROFILES_PAGE_SIZE + 1, ...(before ? { before } : {}) } }),
    PROFILES_PAGE_SIZE,
  );

/** Live updates and a saved profile invalidate `["profiles"]`: the pages are read again from the first. */
export const getProfilesQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ["profiles", "list"],
    queryFn: ({ pageParam }) => getProfilesPage(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const useProfiles = () => useInfiniteQuery(getProfilesQueryOptions());
