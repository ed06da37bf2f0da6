/** The admin's side of comments: every comment, and hiding or showing one. */
import { adminSuccessMessages } from "@classcoin/shared/admin";
import { commentAdminEndpoints } from "@classcoin/shared/endpoints/comments";
import { adminGet, adminPost } from "../../auth/admin-route";
import { announceModeration } from "../../events/moderation";
import { listAllComments, setCommentHidden } from "./service";

export const commentAdminRoutes = [
  adminGet(commentAdminEndpoints.list, async ({ deps, grant }) => {
    await grant.consume(deps.database.db);
    return listAllComments(deps.database.db);
  }),
  adminPost(commentAdminEndpoints.hide, async ({ deps, events, grant, body }) => {
    const { comment, changed, told } = await setCommentHidden(deps.database.db, grant, body);
    // Live updates and every instance's response cache (the post's comments and count); the author is notified.
    await announceModeration(
      events,
      { entity: "comment", id: comment._id, wallet: comment.authorWallet, hidden: body.hide },
      changed,
    );
    // Their bells read their lists again: the notifications quoting the comment are gone.
    for (const wallet of told) await events.publish({ type: "notifications.read", wallet });
    return { success: true as const, message: adminSuccessMessages.commentHidden(body.hide), comment };
  }),
];
