/** `POST /api/admin/posts/hide {postId, hide}` (signed): Hide or Show a post. */
import { postAdminEndpoints } from "@classcoin/shared/endpoints/posts";
import { replaceInList } from "../../../../lib/admin/admin-cache";
import { useAdminMutation } from "../../../../lib/admin/use-admin-mutation";
import { getAdminPostsQueryOptions } from "./get-admin-posts";

export const useHidePost = () =>
  useAdminMutation(postAdminEndpoints.hide, (queryClient, signer, result) =>
    replaceInList(queryClient, getAdminPostsQueryOptions(signer).queryKey, result.post),
  );
