/** A signed admin write; `onDone` updates the admin lists in the cache from the answer (no reload, no signature). */
import { adminEndpoints } from "@classcoin/shared/endpoints/admin";
import { semesterAdminEndpoints } from "@classcoin/shared/endpoints/semesters";
import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError, type CallResult } from "../api-client";
import { type AdminFields, type AdminPostEndpoint, adminQueryKey, callAdmin, readAdminListsAgain } from "./admin-call";
import { AdminSignatureError, type AdminSigner, useAdminSigner } from "./admin-signer";

/** After a moderation the public pages' data is stale; they read it again when next shown. */
function markPublicDataStale(queryClient: QueryClient) {
  void queryClient.invalidateQueries({
    predicate: (query) => query.queryKey[0] !== "admin" && query.queryKey[0] !== "config",
    refetchType: "none",
  });
}

export function useAdminMutation<E extends AdminPostEndpoint>(
  endpoint: E,
  onDone: (queryClient: QueryClient, signer: AdminSigner, result: CallResult<E>, input: AdminFields<E>) => void,
) {
  const signer = useAdminSigner();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AdminFields<E>) => {
      if (!signer) throw new AdminSignatureError(new Error("no wallet is connected"));
      return callAdmin(signer, endpoint, input);
    },
    onSuccess: (result, input) => {
      if (signer) {
        onDone(queryClient, signer, result, input);
        // The dashboard's counts and the Semesters tab's "It will capture" counts change with most writes
        // (a post hidden, a profile archived, a bounty added): they reload when their tab is next shown.
        // Before, the preview kept the counts of its first load until the page was reloaded.
        for (const summary of [adminEndpoints.dashboard, semesterAdminEndpoints.preview]) {
          void queryClient.invalidateQueries({
            queryKey: adminQueryKey(summary, signer.wallet),
            refetchType: "none",
          });
        }
      }
      markPublicDataStale(queryClient);
    },
    onError: (error) => {
      // Any answer but success may leave the lists behind what the server has: the row changed elsewhere
      // (another tab, a payment settled in the background: 409), is gone (404), or a payment was sent and is
      // not mined yet (502, the bounty now "being paid"). The lists read again (by session only).
      if (error instanceof ApiError) readAdminListsAgain(queryClient);
    },
  });
}
