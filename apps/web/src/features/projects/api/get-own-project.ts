/**
 * `GET /api/projects/:projectNumber/:wallet/status`: the connected wallet's own submission, or null. Not the
 * spec's `GET /api/projects/:projectNumber/:wallet`, whose 404 for "none" every browser logs as an error.
 */
import { projectEndpoints } from "@classcoin/shared/endpoints/projects";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { callApi } from "../../../lib/api-client";

export const getOwnProject = async (projectNumber: number, wallet: string) =>
  (await callApi(projectEndpoints.ownStatus, { params: { projectNumber, wallet: wallet.toLowerCase() } })).project;

export const getOwnProjectQueryOptions = (projectNumber: number, wallet: string | undefined) =>
  queryOptions({
    queryKey: ["projects", "own", projectNumber, wallet?.toLowerCase() ?? null],
    queryFn: () => (wallet ? getOwnProject(projectNumber, wallet) : null),
    enabled: wallet !== undefined,
  });

export const useOwnProject = (projectNumber: number, wallet: string | undefined) =>
  useQuery(getOwnProjectQueryOptions(projectNumber, wallet));
