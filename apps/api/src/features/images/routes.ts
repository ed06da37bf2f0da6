import { imageEndpoints } from "@classcoin/shared/endpoints/images";
import { messages } from "@classcoin/shared/messages";
import type { FastifyPluginAsync } from "fastify";
import { registerEndpoint } from "../../http/endpoint";
import { notFound } from "../../http-errors";
import { readImage } from "./service";
import { scheduleImageSweep } from "./sweep";

export const imageRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.deps.database;

  const serve = (endpoint: typeof imageEndpoints.profilePhoto | typeof imageEndpoints.projectImage) =>
    registerEndpoint(app, endpoint, {
      async handler(request, reply) {
        const image = await readImage(db, request.params.file, "named");
        if (!image) throw notFound(messages.image.notFound);
        // Names are content hashes: a name never changes meaning, so caches may keep it forever.
        return reply
          .header("Content-Type", image.contentType)
          .header("X-Content-Type-Options", "nosniff")
          .header("Cache-Control", "public, max-age=31536000, immutable")
          .send(image.bytes);
      },
    });

  serve(imageEndpoints.profilePhoto);
  serve(imageEndpoints.projectImage);
  scheduleImageSweep(app, db);
};
