/** The Feed's public calls (issue 18), shown at /feed. */
import { feedEndpoints } from "@classcoin/shared/endpoints/feed";
import { FEED_MAX_IMAGES } from "@classcoin/shared/feed";
import { messages } from "@classcoin/shared/messages";
import type { FastifyPluginAsync } from "fastify";
import { getSessionWallet, requireActingWallet } from "../../auth/session";
import { registerEndpoint } from "../../http/endpoint";
import { ifNoneMatches } from "../../http/if-none-match";
import { limits } from "../../http/rate-limit";
import { notFound, unauthorized, validationFailed } from "../../http-errors";
import { readMultipartFiles } from "../images/multipart";
import { readImage } from "../images/service";
import { createFeedAnnouncer } from "./announcer";
import { createFeedPost, feedImageShown, listFeed } from "./service";

const FEED_IMAGE_MAX_AGE_S = 300;

export const feedRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.deps.database;
  const spanMs = app.deps.config.feedAnnounceMs ?? 60_000;
  const announcer = createFeedAnnouncer(app, spanMs);

  registerEndpoint(app, feedEndpoints.list, {
    async handler(request, reply) {
      // The answer depends on who asks (`mine`), so no shared cache may keep it.
      reply.header("Cache-Control", "private, no-store");
      return listFeed(db, request.query, await getSessionWallet(request), spanMs);
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
      const { post, created, writtenAt } = await createFeedPost(db, fields.data, form.files);
      // A double submit answers the post already written; it was announced (or is due) when it was written.
      if (created) announcer.announce(post._id, writtenAt);
      return post;
    },
  });

  registerEndpoint(app, feedEndpoints.image, {
    async handler(request, reply) {
      const { file } = request.params;
      // Moderation reaches the pictures too: an image no visible post shows (its post hidden) is not found,
      // but for the admin's own session (the Feed tab lists hidden posts). Shared caches may keep a shown
      // one for five minutes only, so a hidden picture leaves them soon; the ETag makes re-checks cheap.
      const shown = await feedImageShown(db, file);
      if (!shown && (await getSessionWallet(request)) !== app.deps.config.adminWallet.toLowerCase()) {
        throw notFound(messages.image.notFound);
      }
      const etag = `"${file}"`;
      reply
        .header("ETag", etag)
        .header("Cache-Control", shown ? `public, max-age=${FEED_IMAGE_MAX_AGE_S}` : "private, no-store");
      if (shown && ifNoneMatches(request.headers["if-none-match"], [etag])) return reply.status(304).send();
      const image = await readImage(db, file, "feed");
      if (!image) throw notFound(messages.image.notFound);
      return reply
        .header("Content-Type", image.contentType)
        .header("X-Content-Type-Options", "nosniff")
        .send(image.bytes);
    },
  });
};
