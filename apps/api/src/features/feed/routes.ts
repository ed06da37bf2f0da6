/** The Feed's public calls (issue 18), shown at /feed. */
import { feedEndpoints } from "@classcoin/shared/endpoints/feed";
import { FEED_MAX_IMAGES } from "@classcoin/shared/feed";
import { messages } from "@classcoin/shared/messages";
import type { FastifyPluginAsync } from "fastify";
import { getSessionWallet, requireActingWallet } from "../../auth/session";
import { registerEndpoint } from "../../http/endpoint";
import { limits } from "../../http/rate-limit";
import { notFound, unauthorized, validationFailed } from "../../http-errors";
import { readMultipartFiles } from "../images/multipart";
import { readImage } from "../images/service";
import { createFeedPost, listFeed } from "./service";

export const feedRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.deps.database;

  registerEndpoint(app, feedEndpoints.list, {
    async handler(request, reply) {
      // The answer depends on who asks (`mine`), so no shared cache may keep it.
      reply.header("Cache-Control", "private, no-store");
      return listFeed(db, request.query, await getSessionWallet(request));
    },
  });

  registerEndpoint(app, feedEndpoints.create, {
    config: limits.upload,
    async handler(request) {
      // Refuse before reading uploads that could never be accepted.
      if (!(await getSessionWallet(request))) throw unauthorized(messages.auth.required);
      const form = await readMultipartFiles(request, {
        maxFiles: FEED_MAX_IMAGES,
        tooMany: messages.feed.tooManyImages,
      });
      const fields = feedEndpoints.create.body.safeParse(form.fields);
      if (!fields.success) throw validationFailed(fields.error.issues.map((i) => i.message));
      await requireActingWallet(request, fields.data.authorWallet);
      return createFeedPost(db, fields.data, form.files);
    },
  });

  registerEndpoint(app, feedEndpoints.image, {
    async handler(request, reply) {
      const image = await readImage(db, request.params.file);
      if (!image) throw notFound(messages.image.notFound);
      // Names are content hashes: a name never changes meaning, so caches may keep it forever.
      return reply
        .header("Content-Type", image.contentType)
        .header("X-Content-Type-Options", "nosniff")
        .header("Cache-Control", "public, max-age=31536000, immutable")
        .send(image.bytes);
    },
  });
};
