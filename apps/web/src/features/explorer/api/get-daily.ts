/** `GET /api/explorer/daily?days=30`: transactions and volume per UTC day, oldest first, every day listed. */
import { explorerEndpoints } from "@classcoin/shared/endpoints/explorer";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { callApi } from "../../../lib/api-client";

export const getDaily = (days: number) => callApi(explorerEndpoints.daily, { query: { days } });

export const getDailyQueryOptions = (days: number) =>
  queryOptions({ queryKey: ["explorer", "daily", days], queryFn: () => getDaily(days) });

export const useDaily = (days: number) => useQuery(getDailyQueryOptions(days));
