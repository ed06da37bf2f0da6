/** The admin's side of the forum (spec §4 "Posts"): every post, and hiding or showing one. */
import { adminSuccessMessages } from "@classcoin/shared/admin";
import { postAdminEndpoints } from "@classcoin/shared/endpoints/posts";
import { adminGet, adminPost } from "../../auth/admin-route";
import { announceModeration } from "../../events/moderation";
import { listAllPosts, setPostHidden } from "./service";

export const postAdminRoutes = [
  adminGet(postAdminEndpoints.list, async ({ deps, grant }) => {
    await grant.consume(deps.database.db);
    return listAllPosts(deps.database.db);
  }),
  adminPost(postAdminEndpoints.hide, async ({ deps, events, grant, body }) => {
    const { post, changed } = await setPostHidden(deps.database.db, grant, body);
    await announceModeration(
      events,
      { entity: "post", id: post._id, wallet: post.authorWallet, hidden: post.hidden },
      changed,
    );
    return { success: true as const, message: adminSuccessMessages.postHidden(body.hide), post };
  }),
];
