/** `GET /api/projects/:projectNumber`: every active submission of one project (totals included). */
import { type Project, projectSchema } from "@classcoin/shared/entities";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { apiGet } from "../../../wallet/api-request";

export function getProjects(projectNumber: number): Promise<Project[]> {
  return apiGet(`/api/projects/${projectNumber}`, z.array(projectSchema));
}

export const getProjectsQueryOptions = (projectNumber: number) =>
  queryOptions({ queryKey: ["projects", "list", projectNumber], queryFn: () => getProjects(projectNumber) });

export const useProjects = (projectNumber: number) => useQuery(getProjectsQueryOptions(projectNumber));
