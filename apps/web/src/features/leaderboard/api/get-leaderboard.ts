/** `GET /api/leaderboard`: rankings by CC received, held (on chain) and tipped, and the class totals. */
import { leaderboardEndpoints } from "@classcoin/shared/endpoints/leaderboard";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { callApi } from "../../../lib/api-client";

export const getLeaderboard = () => callApi(leaderboardEndpoints.get);

export const getLeaderboardQueryOptions = () =>
  queryOptions({ queryKey: ["leaderboard"], queryFn: getLeaderboard, staleTime: 15_000 });

/** `enabled: false` reads nothing (the home page needs it only for a connected student's checklist). */
export const useLeaderboard = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...getLeaderboardQueryOptions(), enabled });
