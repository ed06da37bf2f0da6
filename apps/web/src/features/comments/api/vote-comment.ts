/** `POST /api/comments/vote {commentId, type, voterWallet}`; the answer is the updated comment, shown at once. */
import { commentEndpoints } from "@classcoin/shared/endpoints/comments";
import type { VoteType } from "@classcoin/shared/entities";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { callApi } from "../../../lib/api-client";
import { usePrepareWrite } from "../../../wallet/use-prepare-write";
import { getCommentsQueryOptions } from "./get-comments";

export function useVoteComment(postId: string) {
  const prepare = usePrepareWrite();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ commentId, type }: { commentId: string; type: VoteType }) => {
      const voterWallet = await prepare();
      return callApi(commentEndpoints.vote, { body: { commentId, type, voterWallet } });
    },
    onSuccess: (updated) => {
      queryClient.setQueryData(getCommentsQueryOptions(postId).queryKey, (list) =>
        list?.map((c) => (c._id === updated._id ? updated : c)),
      );
    },
  });
}
