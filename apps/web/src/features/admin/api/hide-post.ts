/** `POST /api/admin/posts/hide {postId, hide}` (signed): Hide or Show a post. */
import { adminSuccessSchema } from "@classcoin/shared/admin";
import { postSchema } from "@classcoin/shared/entities";
import { useAdminMutation } from "./admin-request";
import { replaceInList } from "./cache";

const hidePostResult = adminSuccessSchema.extend({ post: postSchema });

export const useHidePost = () =>
  useAdminMutation<{ postId: string; hide: boolean }, typeof hidePostResult>(
    "/posts/hide",
    hidePostResult,
    (queryClient, wallet, result) => replaceInList(queryClient, "posts", wallet, result.post),
  );
