/** The Feed (issue 18), shown at /feed: anonymous image posts; the admin sees the authors. */
import { z } from "zod";
import { adminSuccessSchema } from "../admin";
import { defineEndpoint } from "../endpoint";
import {
  adminFeedPostSchema,
  createFeedFieldsSchema,
  feedImageParamsSchema,
  feedPageSchema,
  feedPostSchema,
  hideFeedPostSchema,
  listFeedQuerySchema,
} from "../feed";
import { adminGetEndpoint, adminPostEndpoint } from "./admin-call";

export const feedEndpoints = {
  list: defineEndpoint({
    method: "GET",
    path: "/api/feed",
    access: "public-read",
    tag: "feed",
    summary: "Visible Feed posts, newest first, without their authors",
    description:
      "Keyset pages: pass `before` = the `nextCursor` of the previous page. With a wallet session the caller's own posts carry `mine: true`; nothing in the answer names an author.",
    query: listFeedQuerySchema,
    response: feedPageSchema,
    errorStatuses: [400],
  }),
  create: defineEndpoint({
    method: "POST",
    path: "/api/feed",
    access: "session-write",
    tag: "feed",
    summary: "Post 1–4 images with optional text to the Feed (session of authorWallet and a profile required)",
    description:
      "The same text and images from the same author again within a minute (a retried request) answer the post already written; no second post is stored.",
    bodyKind: "multipart",
    body: createFeedFieldsSchema,
    fileField: "images",
    response: feedPostSchema,
    errorStatuses: [400, 401, 403, 429, 503],
  }),
  image: defineEndpoint({
    method: "GET",
    path: "/api/feed/image/:file",
    access: "public-read",
    tag: "images",
    summary: "A stored Feed image (WebP) by its content-hash name",
    params: feedImageParamsSchema,
    errorStatuses: [400, 404],
  }),
} as const;

export const feedAdminEndpoints = {
  list: adminGetEndpoint({
    path: "/api/admin/feed/:wallet",
    tag: "admin",
    summary: "Every Feed post with its author, hidden ones too (admin)",
    response: z.array(adminFeedPostSchema),
  }),
  hide: adminPostEndpoint({
    path: "/api/admin/feed/hide",
    tag: "admin",
    summary: "Hide or show a Feed post (admin)",
    fields: hideFeedPostSchema,
    response: adminSuccessSchema.extend({ post: adminFeedPostSchema }),
    errorStatuses: [404],
  }),
} as const;
