/** `GET /api/projects/:projectNumber/:wallet`: the connected wallet's own submission (null: none, spec §7 404). */
import { type Project, projectSchema } from "@classcoin/shared/entities";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGetOrNull } from "../../../wallet/api-request";

export function getOwnProject(projectNumber: number, wallet: string): Promise<Project | null> {
  return apiGetOrNull(`/api/projects/${projectNumber}/${encodeURIComponent(wallet.toLowerCase())}`, projectSchema);
}

export const getOwnProjectQueryOptions = (projectNumber: number, wallet: string | undefined) =>
  queryOptions({
    queryKey: ["projects", "own", projectNumber, wallet?.toLowerCase() ?? null],
    queryFn: () => (wallet ? getOwnProject(projectNumber, wallet) : null),
    enabled: wallet !== undefined,
  });

export const useOwnProject = (projectNumber: number, wallet: string | undefined) =>
  useQuery(getOwnProjectQueryOptions(projectNumber, wallet));
