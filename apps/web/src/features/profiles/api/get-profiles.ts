/** `GET /api/profiles`: the community's active profiles. */
import { type Profile, profileSchema } from "@classcoin/shared/entities";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { apiGet } from "../../../wallet/api-request";

export function getProfiles(): Promise<Profile[]> {
  return apiGet("/api/profiles", z.array(profileSchema));
}

export const getProfilesQueryOptions = () => queryOptions({ queryKey: ["profiles", "list"], queryFn: getProfiles });

export const useProfiles = () => useQuery(getProfilesQueryOptions());
