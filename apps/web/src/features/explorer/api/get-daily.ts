/** `GET /api/explorer/daily?days=30`: transactions and volume per UTC day, oldest first, every day listed. */
import { type ExplorerDay, explorerDailySchema } from "@classcoin/shared/explorer";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "../../../wallet/api-request";

export function getDaily(days: number): Promise<ExplorerDay[]> {
  return apiGet(`/api/explorer/daily?days=${days}`, explorerDailySchema);
}

export const getDailyQueryOptions = (days: number) =>
  queryOptions({ queryKey: ["explorer", "daily", days], queryFn: () => getDaily(days) });

export const useDaily = (days: number) => useQuery(getDailyQueryOptions(days));
