import { commentEndpoints } from "@classcoin/shared/endpoints/comments";
import type { FastifyPluginAsync } from "fastify";
import { requireActingWallet } from "../../auth/session";
import { registerEndpoint } from "../../http/endpoint";
import { rateLimitConfig } from "../../http/rate-limit";
import { createComment, deleteComment, listComments, voteComment } from "./service";

/**
 * Ten comments per wallet a minute: a quick exchange of replies goes through, a flood does not. Votes and
 * deletes are cheap.
 */
const commentLimit = rateLimitConfig(10, "1 minute");
const voteLimit = rateLimitConfig(120, "1 minute");
const deleteLimit = rateLimitConfig(30, "1 minute");

/** Comments under forum posts (issue 18), shown in place at /forum. */
export const commentRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;

  registerEndpoint(app, commentEndpoints.list, {
    handler: async (request) => listComments(deps.database.db, request.params.postId),
  });

  registerEndpoint(app, commentEndpoints.create, {
    config: commentLimit,
    async handler(request) {
      await requireActingWallet(request, request.body.authorWallet);
      const { comment, created } = await createComment(deps.database.db, request.body);
      // Live updates and every instance's response cache: the post's comments and its comment count; and the
      // post's author and the comment replied to are told (notifications/from-events.ts). Not again for a
      // double submit, which answers the comment already written and announced.
      if (created) {
        await app.events.publish({
          type: "comment.changed",
          postId: comment.postId,
          created: { commentId: comment._id, authorWallet: request.body.authorWallet },
        });
      }
      return comment;
    },
  });

  registerEndpoint(app, commentEndpoints.vote, {
    config: voteLimit,
    async handler(request) {
      await requireActingWallet(request, request.body.voterWallet);
      const comment = await voteComment(deps.database.db, request.body, deps.config.whitelistModeDefault);
      await app.events.publish({ type: "comment.changed", postId: comment.postId });
      return comment;
    },
  });

  registerEndpoint(app, commentEndpoints.remove, {
    config: deleteLimit,
    async handler(request) {
      await requireActingWallet(request, request.body.authorWallet);
      const { told } = await deleteComment(deps.database.db, request.body);
      await app.events.publish({ type: "comment.changed", postId: null });
      // Their bells read their lists again: the notifications quoting the comment are gone.
      for (const wallet of told) await app.events.publish({ type: "notifications.read", wallet });
      return { success: true as const };
    },
  });
};
