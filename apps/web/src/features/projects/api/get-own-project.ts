/** `GET /api/projects/:projectNumber/:wallet`: the connected wallet's own submission (null: none, spec §7 404). */
import { projectEndpoints } from "@classcoin/shared/endpoints/projects";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { callApi, orNullWhenNotFound } from "../../../lib/api-client";

export const getOwnProject = (projectNumber: number, wallet: string) =>
  orNullWhenNotFound(callApi(projectEndpoints.own, { params: { projectNumber, wallet: wallet.toLowerCase() } }));

export const getOwnProjectQueryOptions = (projectNumber: number, wallet: string | undefined) =>
  queryOptions({
    queryKey: ["projects", "own", projectNumber, wallet?.toLowerCase() ?? null],
    queryFn: () => (wallet ? getOwnProject(projectNumber, wallet) : null),
    enabled: wallet !== undefined,
  });

export const useOwnProject = (projectNumber: number, wallet: string | undefined) =>
  useQuery(getOwnProjectQueryOptions(projectNumber, wallet));
