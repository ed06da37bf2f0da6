/** `POST /api/posts {authorWallet, content}` as the connected wallet; the list is read again afterwards. */
import { postSchema } from "@classcoin/shared/entities";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiPost } from "../../../wallet/api-request";
import { useCcBalance } from "../../../wallet/use-cc-balance";
import { usePrepareWrite } from "../../../wallet/use-prepare-write";
import { getPostsQueryOptions } from "./get-posts";

export function useCreatePost() {
  const prepare = usePrepareWrite();
  const queryClient = useQueryClient();
  const balance = useCcBalance();
  return useMutation({
    mutationFn: async (content: string) => {
      const authorWallet = await prepare();
      return apiPost("/api/posts", { authorWallet, content }, postSchema);
    },
    onSettled: () => balance.refresh(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getPostsQueryOptions().queryKey }),
  });
}
