/** `GET /api/archives/:archiveId`: one archive, read-only (profiles, projects, forum, bounties, predictions, leaderboard). */
import { archiveEndpoints } from "@classcoin/shared/endpoints/semesters";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { ApiError, callApi } from "../../../lib/api-client";

/** The archive, or null when there is none with that id (404), or the id cannot be one (400: `/archive/abc`). */
export async function getArchive(archiveId: string) {
  try {
    return await callApi(archiveEndpoints.get, { params: { archiveId } });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

export const getArchiveQueryOptions = (archiveId: string) =>
  queryOptions({ queryKey: ["archives", archiveId], queryFn: () => getArchive(archiveId), retry: false });

export const useArchive = (archiveId: string) => useQuery(getArchiveQueryOptions(archiveId));
