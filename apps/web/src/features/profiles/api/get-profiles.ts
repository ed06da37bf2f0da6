/** `GET /api/profiles`: the community's active profiles. */
import { profileEndpoints } from "@classcoin/shared/endpoints/profiles";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { callApi } from "../../../lib/api-client";

export const getProfiles = () => callApi(profileEndpoints.list);

export const getProfilesQueryOptions = () => queryOptions({ queryKey: ["profiles", "list"], queryFn: getProfiles });

export const useProfiles = () => useQuery(getProfilesQueryOptions());
