/** `GET /api/predictions/:projectNumber`: the round's status, candidates, the caller's own prediction, results. */
import { predictionEndpoints } from "@classcoin/shared/endpoints/predictions";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { callApi } from "../../../lib/api-client";
import { useSignedIn } from "../../../wallet/session";
import { useWallet } from "../../../wallet/use-wallet";

export const getRound = (projectNumber: number) => callApi(predictionEndpoints.round, { params: { projectNumber } });

/** Keyed by the connected wallet too: `mine` depends on the session. */
export const getRoundQueryOptions = (projectNumber: number, wallet: string | undefined) =>
  queryOptions({
    queryKey: ["predictions", projectNumber, wallet ?? null],
    queryFn: () => getRound(projectNumber),
  });

type Round = Awaited<ReturnType<typeof getRound>>;
const withoutMine = (round: Round): Round => ({ ...round, mine: null });

/** `mine` only while the connected wallet is the session's (a session left by another student says nothing). */
export function useRound(projectNumber: number) {
  const { wallet } = useWallet();
  const signedIn = useSignedIn() === true;
  return useQuery({ ...getRoundQueryOptions(projectNumber, wallet), select: signedIn ? undefined : withoutMine });
}
