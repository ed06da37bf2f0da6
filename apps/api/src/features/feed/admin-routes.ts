/** The admin's side of the Feed: every post with its author, and hiding or showing one. */
import { adminSuccessMessages } from "@classcoin/shared/admin";
import { feedAdminEndpoints } from "@classcoin/shared/endpoints/feed";
import { adminGet, adminPost } from "../../auth/admin-route";
import { listAllFeedPosts, setFeedPostHidden } from "./service";

export const feedAdminRoutes = [
  adminGet(feedAdminEndpoints.list, async ({ deps, grant }) => {
    await grant.consume(deps.database.db);
    return listAllFeedPosts(deps.database.db);
  }),
  adminPost(feedAdminEndpoints.hide, async ({ deps, events, grant, body }) => {
    const { post, changed } = await setFeedPostHidden(deps.database.db, grant, body);
    // Not `moderation`: that names the author, and the Feed is anonymous.
    if (changed) await events.publish({ type: "feed.changed", feedPostId: post._id, hidden: post.hidden });
    return { success: true as const, message: adminSuccessMessages.feedPostHidden(body.hide), post };
  }),
];
