/** The forum (spec §5 "Post", "Vote", §7): served under /api/posts, shown at /forum. */
import { z } from "zod";
import { adminSuccessSchema, hidePostSchema } from "../admin";
import { defineEndpoint } from "../endpoint";
import { postSchema } from "../entities";
import { createPostBodySchema, listPostsQuerySchema, votePostBodySchema } from "../posts";
import { adminGetEndpoint, adminPostEndpoint } from "./admin-call";

export const postEndpoints = {
  list: defineEndpoint({
    method: "GET",
    path: "/api/posts",
    access: "public-read",
    cache: ["posts"],
    tag: "forum",
    summary: "Visible posts, newest first",
    description:
      "Without `limit`, every visible post. For infinite scroll pass `limit` and `before` = the `_id` of the last post shown.",
    query: listPostsQuerySchema,
    response: z.array(postSchema),
    errorStatuses: [400],
  }),
  create: defineEndpoint({
    method: "POST",
    path: "/api/posts",
    access: "session-write",
    tag: "forum",
    summary: "Write a post (session of authorWallet, a profile and ≥1 CC required)",
    description:
      "The same content from the same author again within a minute (a retried request) answers the post already written; no second post is stored.",
    body: createPostBodySchema,
    response: postSchema,
    errorStatuses: [400, 401, 403, 429],
  }),
  vote: defineEndpoint({
    method: "POST",
    path: "/api/posts/vote",
    access: "session-write",
    tag: "forum",
    summary: "Vote up or down (session of voterWallet required); returns the updated post",
    body: votePostBodySchema,
    response: postSchema,
    errorStatuses: [400, 401, 403, 404, 429],
  }),
} as const;

export const postAdminEndpoints = {
  list: adminGetEndpoint({
    path: "/api/admin/posts/:wallet",
    tag: "admin",
    summary: "Every post, hidden ones too (admin)",
    response: z.array(postSchema),
  }),
  hide: adminPostEndpoint({
    path: "/api/admin/posts/hide",
    tag: "admin",
    summary: "Hide or show a post (admin)",
    fields: hidePostSchema,
    response: adminSuccessSchema.extend({ post: postSchema }),
    errorStatuses: [404],
  }),
} as const;
