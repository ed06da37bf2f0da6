/** `POST /api/comments {postId, parentCommentId?, authorWallet, text}` as the connected wallet. */
import { commentEndpoints } from "@classcoin/shared/endpoints/comments";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { callApi } from "../../../lib/api-client";
import { usePrepareWrite } from "../../../wallet/use-prepare-write";
import { getCommentsQueryOptions } from "./get-comments";

export function useCreateComment(postId: string) {
  const prepare = usePrepareWrite();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ text, parentCommentId }: { text: string; parentCommentId?: string }) => {
      const authorWallet = await prepare();
      return callApi(commentEndpoints.create, { body: { postId, parentCommentId, authorWallet, text } });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getCommentsQueryOptions(postId).queryKey }),
  });
}
