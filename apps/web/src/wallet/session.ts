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

/** After a sign-in or sign-out: the session's wallet (lowercased) or null. */
export function setSessionWallet(queryClient: QueryClient, wallet: string | null): void {
  queryClient.setQueryData(sessionQueryOptions().queryKey, wallet?.toLowerCase() ?? null);
}

/** Whether the connected wallet has a session (undefined while unknown or not connected). */
export function useSignedIn(): boolean | undefined {
  const { wallet } = useWallet();
  const session = useQuery({ ...sessionQueryOptions(), enabled: wallet !== undefined });
  if (!wallet || session.data === undefined) return undefined;
  return session.data === wallet;
}
