/** `GET /api/explorer/stats`: the four stat tiles (all time and the last 24 hours). */
import { type ExplorerStats, explorerStatsSchema } from "@classcoin/shared/entities";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "../../../wallet/api-request";

export function getExplorerStats(): Promise<ExplorerStats> {
  return apiGet("/api/explorer/stats", explorerStatsSchema);
}

export const getExplorerStatsQueryOptions = () =>
  queryOptions({ queryKey: ["explorer", "stats"], queryFn: getExplorerStats });

export const useExplorerStats = () => useQuery(getExplorerStatsQueryOptions());
