/**
 * `GET /api/profiles?limit=&before=`: the community's active profiles, newest first, page by page
 * (lib/keyset-list.ts).
 */
import { profileEndpoints } from "@classcoin/shared/endpoints/profiles";
import { useInfiniteQuery } from "@tanstack/react-query";
import { callApi } from "../../../lib/api-client";
import { keysetListOptions } from "../../../lib/keyset-list";

/** Profiles per page: a multiple of the grid's 1 to 4 columns. */
export const PROFILES_PAGE_SIZE = 24;

/** Live updates and a saved profile invalidate `["profiles"]`: the pages are read again from the first. */
export const getProfilesQueryOptions = () =>
  keysetListOptions(["profiles", "list"], PROFILES_PAGE_SIZE, (query) => callApi(profileEndpoints.list, { query }));

export const useProfiles = () => useInfiniteQuery(getProfilesQueryOptions());
