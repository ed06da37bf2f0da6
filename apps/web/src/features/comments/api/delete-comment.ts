/** `POST /api/comments/delete {commentId, authorWallet}`: the connected wallet deletes its own comment. */
import { commentEndpoints } from "@classcoin/shared/endpoints/comments";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { callApi } from "../../../lib/api-client";
import { usePrepareWrite } from "../../../wallet/use-prepare-write";
import { getCommentsQueryOptions } from "./get-comments";

export function useDeleteComment(postId: string) {
  const prepare = usePrepareWrite();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (commentId: string) => {
      const authorWallet = await prepare();
      return callApi(commentEndpoints.remove, { body: { commentId, authorWallet } });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getCommentsQueryOptions(postId).queryKey }),
  });
}
