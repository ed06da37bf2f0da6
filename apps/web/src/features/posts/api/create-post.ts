/** `POST /api/posts {authorWallet, content}` as the connected wallet; the list is read again afterwards. */
import { postEndpoints } from "@classcoin/shared/endpoints/posts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { callApi } from "../../../lib/api-client";
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
      return callApi(postEndpoints.create, { body: { authorWallet, content } });
    },
    onSettled: () => balance.refresh(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getPostsQueryOptions().queryKey }),
  });
}
