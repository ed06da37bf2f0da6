import { messages } from "@classcoin/shared/messages";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { notFound } from "../../http-errors";
import { readImage } from "./service";

const fileParams = z.object({ file: z.string().max(200) });

export const imageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;

  const serve = (path: string) =>
    app.get(
      path,
      { schema: { tags: ["images"], summary: "A stored image (WebP) by its content-hash name", params: fileParams } },
      async (request, reply) => {
        const image = await readImage(db, request.params.file);
        if (!image) throw notFound(messages.image.notFound);
        // Names are content hashes: a name never changes meaning, so caches may keep it forever.
        return reply
          .header("Content-Type", image.contentType)
          .header("X-Content-Type-Options", "nosniff")
          .header("Cache-Control", "public, max-age=31536000, immutable")
          .send(image.bytes);
      },
    );

  serve("/profiles/photo/:file");
  serve("/projects/image/:file");
};
