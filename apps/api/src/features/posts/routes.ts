import { postEndpoints } from "@classcoin/shared/endpoints/posts";
import type { FastifyPluginAsync } from "fastify";
import { requireActingWallet } from "../../auth/session";
import { registerEndpoint } from "../../http/endpoint";
import { rateLimitConfig } from "../../http/rate-limit";
import { createPost, listPosts, votePost } from "./service";

/** One post per wallet every 5 seconds (Discourse's default pace); votes are cheap and generous. */
const postLimit = rateLimitConfig(1, 5_000);
const voteLimit = rateLimitConfig(120, "1 minute");

/** The forum's public calls (the web app shows them at /forum). */
export const postRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;

  registerEndpoint(app, postEndpoints.list, {
    handler: async (request) => listPosts(deps.database.db, request.query),
  });

  registerEndpoint(app, postEndpoints.create, {
    config: postLimit,
    async handler(request) {
      await requireActingWallet(request, request.body.authorWallet);
      const { post, created } = await createPost(deps, request.body);
      // A double submit answers the post already written, which was announced when it was.
      if (created) {
        await app.events.publish({ type: "post.created", postId: post._id, authorWallet: post.authorWallet });
      }
      return post;
    },
  });

  registerEndpoint(app, postEndpoints.vote, {
    config: voteLimit,
    async handler(request) {
      await requireActingWallet(request, request.body.voterWallet);
      const post = await votePost(deps.database.db, request.body, deps.config.whitelistModeDefault);
      await app.events.publish({
        type: "post.voted",
        postId: post._id,
        authorWallet: post.authorWallet,
        voterWallet: request.body.voterWallet,
        vote: request.body.type,
        upvotes: post.upvotes,
        downvotes: post.downvotes,
      });
      return post;
    },
  });
};
