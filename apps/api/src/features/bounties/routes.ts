import { bountySchema } from "@classcoin/shared/entities";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { listBounties } from "./service";

/** The public side of bounties; the admin writes live under /api/admin with the admin routes. */
export const publicBountyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/admin/public/bounties",
    {
      schema: {
        tags: ["bounties"],
        summary: "All bounties, newest first (public)",
        response: { 200: z.array(bountySchema) },
      },
    },
    async () => listBounties(app.deps.database.db),
  );
};
