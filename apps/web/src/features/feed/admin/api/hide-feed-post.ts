/** `POST /api/admin/feed/hide {feedPostId, hide}` (signed): Hide or Show a Feed post. */
import { feedAdminEndpoints } from "@classcoin/shared/endpoints/feed";
import { replaceInList } from "../../../../lib/admin/admin-cache";
import { useAdminMutation } from "../../../../lib/admin/use-admin-mutation";
import { getAdminFeedQueryOptions } from "./get-admin-feed";

export const useHideFeedPost = () =>
  useAdminMutation(feedAdminEndpoints.hide, (queryClient, signer, result) =>
    replaceInList(queryClient, getAdminFeedQueryOptions(signer).queryKey, result.post),
  );
