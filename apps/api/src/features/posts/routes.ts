import { apiErrorSchema } from "@classcoin/shared/api-meta";
import { postSchema } from "@classcoin/shared/entities";
import { createPostBodySchema, listPostsQuerySchema, votePostBodySchema } from "@classcoin/shared/posts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireActingWallet } from "../../auth/session";
import { rateLimitConfig } from "../../http/rate-limit";
import { createPost, listPosts, votePost } from "./service";

const errorsSchema = apiErrorSchema.extend({ errors: z.array(z.string()).optional() });

/** One post per wallet every 5 seconds (Discourse's default pace); votes are cheap and generous. */
const postLimit = rateLimitConfig(1, 5_000);
const voteLimit = rateLimitConfig(120, "1 minute");

export const postRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  app.get(
    "/posts",
    {
      schema: {
        tags: ["forum"],
        summary: "Visible posts, newest first",
        description:
          "Without `limit`, the newest 50. For infinite scroll pass `before` = the `_id` of the last post shown.",
        querystring: listPostsQuerySchema,
        response: { 200: z.array(postSchema) },
      },
    },
    async (request) => listPosts(deps.database.db, request.query),
  );

  app.post(
    "/posts",
    {
      config: postLimit,
      schema: {
        tags: ["forum"],
        summary: "Write a post (session of authorWallet, a profile and ≥1 CC required)",
        body: createPostBodySchema,
        response: { 200: postSchema, 400: errorsSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => {
      await requireActingWallet(request, request.body.authorWallet);
      return createPost(deps, request.body);
    },
  );

  app.post(
    "/posts/vote",
    {
      config: voteLimit,
      schema: {
        tags: ["forum"],
        summary: "Vote up or down (session of voterWallet required); returns the updated post",
        body: votePostBodySchema,
        response: { 200: postSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      await requireActingWallet(request, request.body.voterWallet);
      return votePost(deps.database.db, request.body);
    },
  );
};
