/** `POST /api/admin/comments/hide {commentId, hide}` (signed): Hide or Show a comment. */
import { commentAdminEndpoints } from "@classcoin/shared/endpoints/comments";
import { replaceInList } from "../../../../lib/admin/admin-cache";
import { useAdminMutation } from "../../../../lib/admin/use-admin-mutation";
import { getAdminCommentsQueryOptions } from "./get-admin-comments";

export const useHideComment = () =>
  useAdminMutation(commentAdminEndpoints.hide, (queryClient, signer, result) =>
    replaceInList(queryClient, getAdminCommentsQueryOptions(signer).queryKey, result.comment),
  );
