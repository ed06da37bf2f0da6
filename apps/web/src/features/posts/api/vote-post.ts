/** `POST /api/posts/vote {postId, type, voterWallet}`; the answer is the updated post, shown at once. */
import { postEndpoints } from "@classcoin/shared/endpoints/posts";
import type { Post } from "@classcoin/shared/entities";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type CallBody, callApi } from "../../../lib/api-client";
import { patchListItems } from "../../../lib/list-cache";
import { useCcBalance } from "../../../wallet/use-cc-balance";
import { usePrepareWrite } from "../../../wallet/use-prepare-write";

export function useVotePost() {
  const prepare = usePrepareWrite();
  const queryClient = useQueryClient();
  const balance = useCcBalance();
  return useMutation({
    mutationFn: async ({ postId, type }: Omit<CallBody<typeof postEndpoints.vote>, "voterWallet">) => {
      const voterWallet = await prepare();
      return callApi(postEndpoints.vote, { body: { postId, type, voterWallet } });
    },
    onSettled: () => balance.refresh(),
    onSuccess: (updated) => {
      patchListItems<Post>(queryClient, ["posts"], (p) => (p._id === updated._id ? updated : p));
    },
  });
}
