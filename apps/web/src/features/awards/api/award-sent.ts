/**
 * An award's transaction before its block: the request answers once the mint is mined (12 s or more on
 * Sepolia), and meanwhile the live stream tells the admin's page its hash (`award.sent`). The hash is kept in
 * the query cache under the form's award id, for the Awards tab to show while it waits.
 */
import type { LiveEvent } from "@classcoin/shared/live-events";
import { type QueryClient, skipToken, useQuery } from "@tanstack/react-query";

const awardSentKey = (awardId: string) => ["award-sent", awardId] as const;

export function rememberAwardSent(queryClient: QueryClient, event: Extract<LiveEvent, { type: "award.sent" }>): void {
  if (event.awardId) queryClient.setQueryData(awardSentKey(event.awardId), event.txHash);
}

/** The hash of award `awardId`'s transaction once the stream has told it, else undefined. */
export function useAwardSentHash(awardId: string): string | undefined {
  // Never fetched: only the stream fills it.
  return useQuery<string>({ queryKey: awardSentKey(awardId), queryFn: skipToken, staleTime: Infinity }).data;
}
