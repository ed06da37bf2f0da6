/** `GET /api/projects/:projectNumber`: every active submission of one project (totals included). */
import { projectEndpoints } from "@classcoin/shared/endpoints/projects";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { callApi } from "../../../lib/api-client";

export const getProjects = (projectNumber: number) => callApi(projectEndpoints.list, { params: { projectNumber } });

export const getProjectsQueryOptions = (projectNumber: number) =>
  queryOptions({ queryKey: ["projects", "list", projectNumber], queryFn: () => getProjects(projectNumber) });

export const useProjects = (projectNumber: number) => useQuery(getProjectsQueryOptions(projectNumber));
