/** `GET /api/archives`: every semester archive, newest first (public, no wallet needed). */
import { archiveEndpoints } from "@classcoin/shared/endpoints/semesters";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { callApi } from "../../../lib/api-client";

export const getArchives = () => callApi(archiveEndpoints.list);

export const getArchivesQueryOptions = () => queryOptions({ queryKey: ["archives"], queryFn: getArchives });

export const useArchives = () => useQuery(getArchivesQueryOptions());
