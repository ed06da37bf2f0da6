/** Stored images (WebP, by content-hash name). They answer bytes, so they have no response schema. */
import { z } from "zod";
import { defineEndpoint } from "../endpoint";

const imageFileParamsSchema = z.object({ file: z.string().max(200) });

export const imageEndpoints = {
  profilePhoto: defineEndpoint({
    method: "GET",
    path: "/api/profiles/photo/:file",
    access: "public-read",
    tag: "images",
    summary: "A stored profile photo (WebP) by its content-hash name",
    params: imageFileParamsSchema,
    errorStatuses: [400, 404],
  }),
  projectImage: defineEndpoint({
    method: "GET",
    path: "/api/projects/image/:file",
    access: "public-read",
    tag: "images",
    summary: "A stored project image (WebP) by its content-hash name",
    params: imageFileParamsSchema,
    errorStatuses: [400, 404],
  }),
} as const;
