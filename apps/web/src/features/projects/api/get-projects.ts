/**
 * `GET /api/projects/:projectNumber?limit=&before=`: the active submissions of one project (totals
 * included), newest first, page by page (keyset: `before` = the last submission shown;
 * packages/shared/src/paging.ts). Asking for one more than a page tells whether another page follows.
 */
import { projectEndpoints } from "@classcoin/shared/endpoints/projects";
import { keysetPage } from "@classcoin/shared/paging";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { callApi } from "../../../lib/api-client";

/** Submissions per page: a multiple of the grid's 1 to 4 columns. */
export const PROJECTS_PAGE_SIZE = 24;

export const getProjectsPage = async (projectNumber: number, before: string | undefined) =>
  keysetPage(
    await callApi(projectEndpoints.list, {
      params: { projectNumber },
      query: { limit: PROJECTS_PAGE_SIZE + 1, ...(before ? { before } : {}) },
    }),
    PROJECTS_PAGE_SIZE,
  );

/** Live updates patch tip totals in these pages (app/live-updates.tsx); other changes read them again. */
export const getProjectsQueryOptions = (projectNumber: number) =>
  infiniteQueryOptions({
    queryKey: ["projects", "list", projectNumber],
    queryFn: ({ pageParam }) => getProjectsPage(projectNumber, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const useProjects = (projectNumber: number) => useInfiniteQuery(getProjectsQueryOptions(projectNumber));
