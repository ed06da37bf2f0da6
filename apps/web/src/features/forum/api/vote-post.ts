/** `POST /api/posts/vote {postId, type, voterWallet}`; the answer is the updated post, shown at once. */
import { type Post, postSchema, type VoteType } from "@classcoin/shared/entities";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiPost } from "../../../wallet/api-request";
import { useCcBalance } from "../../../wallet/use-cc-balance";
import { usePrepareWrite } from "../../../wallet/use-prepare-write";
import { getPostsQueryOptions } from "./get-posts";

export function useVotePost() {
  const prepare = usePrepareWrite();
  const queryClient = useQueryClient();
  const balance = useCcBalance();
  return useMutation({
    mutationFn: async ({ postId, type }: { postId: string; type: VoteType }) => {
      const voterWallet = await prepare();
      return apiPost("/api/posts/vote", { postId, type, voterWallet }, postSchema);
    },
    onSettled: () => balance.refresh(),
    onSuccess: (updated) => {
      queryClient.setQueryData(getPostsQueryOptions().queryKey, (posts: Post[] | undefined) =>
        posts?.map((p) => (p._id === updated._id ? updated : p)),
      );
    },
  });
}
