/** `GET /api/predictions/:projectNumber`: the round's status, candidates, the caller's own prediction, results. */
import { predictionEndpoints } from "@classcoin/shared/endpoints/predictions";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { callApi } from "../../../lib/api-client";
import { useWallet } from "../../../wallet/use-wallet";

export const getRound = (projectNumber: number) => callApi(predictionEndpoints.round, { params: { projectNumber } });

/** Keyed by the connected wallet too: `mine` depends on the session. */
export const getRoundQueryOptions = (projectNumber: number, wallet: string | undefined) =>
  queryOptions({
    queryKey: ["predictions", projectNumber, wallet ?? null],
    queryFn: () => getRound(projectNumber),
  });

export function useRound(projectNumber: number) {
  const { wallet } = useWallet();
  return useQuery(getRoundQueryOptions(projectNumber, wallet));
}
