/** `GET /api/explorer/stats`: the four stat tiles (all time and the last 24 hours). */
import { explorerEndpoints } from "@classcoin/shared/endpoints/explorer";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { callApi } from "../../../lib/api-client";

export const getExplorerStats = () => callApi(explorerEndpoints.stats);

export const getExplorerStatsQueryOptions = () =>
  queryOptions({ queryKey: ["explorer", "stats"], queryFn: getExplorerStats });

export const useExplorerStats = () => useQuery(getExplorerStatsQueryOptions());
