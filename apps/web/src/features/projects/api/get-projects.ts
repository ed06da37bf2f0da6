/**
 * `GET /api/projects/:projectNumber?limit=&before=`: the active submissions of one project (totals
 * included), newest first, page by page (lib/keyset-list.ts).
 */
import { projectEndpoints } from "@classcoin/shared/endpoints/projects";
import { useInfiniteQuery } from "@tanstack/react-query";
import { callApi } from "../../../lib/api-client";
import { keysetListOptions } from "../../../lib/keyset-list";

/** Submissions per page: a multiple of the grid's 1 to 4 columns. */
export const PROJECTS_PAGE_SIZE = 24;

/** Live updates patch tip totals in these pages (app/live-updates.tsx); other changes read them again. */
export const getProjectsQueryOptions = (projectNumber: number) =>
  keysetListOptions(["projects", "list", projectNumber], PROJECTS_PAGE_SIZE, (query) =>
    callApi(projectEndpoints.list, { params: { projectNumber }, query }),
  );

export const useProjects = (projectNumber: number) => useInfiniteQuery(getProjectsQueryOptions(projectNumber));
