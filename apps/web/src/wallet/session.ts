/**
 * The wallet session as the page knows it: `GET /api/auth/session` (the signed-in wallet or null), kept
 * under one query key that signing in and out update, so whatever needs a session (the notifications)
 * follows at once.
 */
import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { getSessionWallet } from "./auth";
import { useWallet } from "./use-wallet";

export const sessionQueryOptions = () =>
  queryOptions({ queryKey: ["session"], queryFn: getSessionWallet, staleTime: 60_000 });

/**
 * The browser's other tabs of the site: they share the session cookie, so a sign-in or sign-out here changes
 * their session too. Before, a tab kept its own idea of the session for a minute: with two tabs on two
 * accounts, the first tab's bell listed the second account's notifications, and its Feed marked the other
 * account's posts "Your post".
 */
const SESSION_CHANNEL = "classcoin-session";
/** This tab's mark on what it says: a channel hears the other channels of its own page too, not only other tabs'. */
const THIS_TAB = Math.random().toString(36).slice(2);
let otherTabsChannel: BroadcastChannel | null | undefined;
const otherTabs = () =>
  (otherTabsChannel ??= typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel(SESSION_CHANNEL));

/** After a sign-in or sign-out: the session's wallet (lowercased) or null; other tabs read theirs again. */
export function setSessionWallet(queryClient: QueryClient, wallet: string | null): void {
  queryClient.setQueryData(sessionQueryOptions().queryKey, wallet?.toLowerCase() ?? null);
  otherTabs()?.postMessage(THIS_TAB);
}

/**
 * Follows sign-ins and sign-outs made in the site's other tabs: the session, and what was read with it (the
 * notifications, the Feed's own posts), are read again. Returns the way to stop.
 */
export function followSessionInOtherTabs(queryClient: QueryClient, thisTab = THIS_TAB): () => void {
  if (typeof BroadcastChannel === "undefined") return () => {};
  const channel = new BroadcastChannel(SESSION_CHANNEL);
  channel.onmessage = (event: MessageEvent) => {
    if (event.data === thisTab) return;
    void queryClient.invalidateQueries({ queryKey: sessionQueryOptions().queryKey });
    for (const key of SESSION_READS) void queryClient.invalidateQueries({ queryKey: [key] });
  };
  return () => channel.close();
}

/** Lists read with the session whose answer depends on whose it is. */
const SESSION_READS = ["notifications", "feed", "predictions", "roster-self", "gasless"];

/** Whether the connected wallet has a session (undefined while unknown or not connected). */
export function useSignedIn(): boolean | undefined {
  const { wallet } = useWallet();
  const session = useQuery({ ...sessionQueryOptions(), enabled: wallet !== undefined });
  if (!wallet || session.data === undefined) return undefined;
  return session.data === wallet;
}
