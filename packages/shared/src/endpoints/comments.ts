/** Forum comments (issue 18): under each post at /forum, one level of replies, votes, delete own, admin hide. */
import { z } from "zod";
import { adminSuccessSchema } from "../admin";
import {
  adminCommentSchema,
  commentSchema,
  createCommentBodySchema,
  deleteCommentBodySchema,
  hideCommentSchema,
  postCommentsParamsSchema,
  voteCommentBodySchema,
} from "../comments";
import { defineEndpoint } from "../endpoint";
import { adminGetEndpoint, adminPostEndpoint } from "./admin-call";

export const commentEndpoints = {
  list: defineEndpoint({
    method: "GET",
    path: "/api/posts/:postId/comments",
    access: "public-read",
    cache: ["comments"],
    tag: "forum",
    summary: "A visible post's comments, oldest first; replies carry parentCommentId",
    description:
      "A flat list: comments on the post have `parentCommentId` null, replies the id of the thread's top-level comment; " +
      "a reply to a reply also carries `replyTo`, the reply it answers (its author's name blank once that reply is deleted or hidden). " +
      "A deleted or hidden comment appears only while it has visible replies, with its text blanked.",
    params: postCommentsParamsSchema,
    response: z.array(commentSchema),
    errorStatuses: [400, 404],
  }),
  create: defineEndpoint({
    method: "POST",
    path: "/api/comments",
    access: "session-write",
    tag: "forum",
    summary: "Comment on a post or reply to a comment (session of authorWallet and a profile required)",
    description:
      "A reply to a reply is attached to the thread of the reply it answers, so threads are one level deep, and keeps that reply as `replyTo`. The same text from the same author to the same post, thread and reply again within a minute (a retried request) answers the comment already written; no second one is stored. A post holding 1000 visible comments takes no more (409).",
    body: createCommentBodySchema,
    response: commentSchema,
    errorStatuses: [400, 401, 403, 404, 409, 429],
  }),
  vote: defineEndpoint({
    method: "POST",
    path: "/api/comments/vote",
    access: "session-write",
    tag: "forum",
    summary: "Vote a comment up or down (session of voterWallet required); returns the updated comment",
    body: voteCommentBodySchema,
    response: commentSchema,
    errorStatuses: [400, 401, 403, 404, 429],
  }),
  remove: defineEndpoint({
    method: "POST",
    path: "/api/comments/delete",
    access: "session-write",
    tag: "forum",
    summary: "Delete one's own comment (session of authorWallet required)",
    body: deleteCommentBodySchema,
    response: z.object({ success: z.literal(true) }),
    errorStatuses: [400, 401, 403, 404, 429],
  }),
} as const;

export const commentAdminEndpoints = {
  list: adminGetEndpoint({
    path: "/api/admin/comments/:wallet",
    tag: "admin",
    summary: "Every comment, hidden and deleted ones too, newest first (admin)",
    response: z.array(adminCommentSchema),
  }),
  hide: adminPostEndpoint({
    path: "/api/admin/comments/hide",
    tag: "admin",
    summary: "Hide or show a comment (admin)",
    fields: hideCommentSchema,
    response: adminSuccessSchema.extend({ comment: adminCommentSchema }),
    errorStatuses: [404],
  }),
} as const;
