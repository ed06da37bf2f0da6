/**
 * `GET /api/explorer/daily?days=30&tz=`: transactions and volume per day of the visitor's calendar (the
 * table shows each time on the visitor's clock), oldest first, every day listed. Each time zone is its own
 * cached answer on the server.
 */
import { explorerEndpoints } from "@classcoin/shared/endpoints/explorer";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { callApi } from "../../../lib/api-client";

const visitorTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

export const getDaily = (days: number, tz: string) => callApi(explorerEndpoints.daily, { query: { days, tz } });

export const getDailyQueryOptions = (days: number, tz = visitorTimeZone()) =>
  queryOptions({ queryKey: ["explorer", "daily", days, tz], queryFn: () => getDaily(days, tz) });

export const useDaily = (days: number) => useQuery(getDailyQueryOptions(days));
