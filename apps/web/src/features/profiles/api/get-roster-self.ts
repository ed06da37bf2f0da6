/**
 * `GET /api/whitelist/me`: the signed-in wallet's place on the class roster and its welcome grant, for the
 * create-profile page of a student without CC. Read only with a session of the connected wallet: the page never
 * asks for a signature just for this (the notice offers one, as a choice).
 */
import { whitelistEndpoints } from "@classcoin/shared/endpoints/whitelist";
import type { RosterSelf } from "@classcoin/shared/roster-self";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { callApi } from "../../../lib/api-client";
import { useSignedIn } from "../../../wallet/session";
import { useWallet } from "../../../wallet/use-wallet";

/** A grant on its way is read again until it is mined (the balance follows through the live `balances` event). */
const UNDER_WAY_POLL_MS = 15_000;

export const rosterSelfQueryOptions = (wallet: string) =>
  queryOptions({
    queryKey: ["roster-self", wallet],
    queryFn: () => callApi(whitelistEndpoints.me),
    refetchInterval: (query) => (query.state.data?.grant?.state === "underWay" ? UNDER_WAY_POLL_MS : false),
  });

/**
 * The connected wallet's roster entry, when `wanted` and it has a session; undefined otherwise (or while read).
 * `signedIn`: false when the connected wallet has no session (the page may offer to sign in).
 */
export function useRosterSelf(wanted: boolean): { self: RosterSelf | undefined; signedIn: boolean | undefined } {
  const { wallet } = useWallet();
  const signedIn = useSignedIn();
  const query = useQuery({ ...rosterSelfQueryOptions(wallet ?? ""), enabled: wanted && signedIn === true });
  // The session's answer is about the session's wallet: another account's (a switch meanwhile) is not shown.
  const self = signedIn === true && query.data?.wallet === wallet ? query.data : undefined;
  return { self, signedIn };
}
