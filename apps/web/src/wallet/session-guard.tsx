/**
 * A session belongs to one wallet. Once the wallet app settles on another account, or is disconnected from
 * its side, the old session is ended, as the site's Sign out does: on a shared classroom computer (or the
 * projector) the next person must not be shown the last student's Feed posts as "Your post" or their private
 * prediction, nor act with their session. (Closing the tab keeps the session, as on any site; what depends on
 * it is shown only while the connected wallet is the session's, see `useSignedIn`.)
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { signOut } from "./auth";
import { sessionQueryOptions, setSessionWallet } from "./session";
import { useWallet } from "./use-wallet";

/** Queries whose answers depend on the session (`mine`, the caller's own prediction, notifications). */
const SESSION_QUERIES = ["feed", "predictions", "notifications"];

export function SessionGuard() {
  const { wallet, status } = useWallet();
  const queryClient = useQueryClient();
  /** The wallet last seen connected in this page: a disconnect counts only after a connection. */
  const seen = useRef<string | undefined>(undefined);
  if (status === "connected") seen.current = wallet;
  const settled = status === "connected" || (status === "disconnected" && seen.current !== undefined);
  const session = useQuery({ ...sessionQueryOptions(), enabled: settled }).data;
  const ending = useRef(false);
  useEffect(() => {
    if (!settled || !session || session === wallet || ending.current) return;
    ending.current = true;
    void signOut().then(() => {
      ending.current = false;
      setSessionWallet(queryClient, null);
      for (const key of SESSION_QUERIES) void queryClient.invalidateQueries({ queryKey: [key] });
    });
  }, [settled, session, wallet, queryClient]);
  return null;
}
