import {
  adminSuccessMessages,
  adminSuccessSchema,
  createBountySchema,
  crossOutBountySchema,
  deleteBountySchema,
  updateBountySchema,
} from "@classcoin/shared/admin";
import { bountySchema } from "@classcoin/shared/entities";
import { z } from "zod";
import { listBounties } from "../../bounties/service";
import { adminGet, adminPost } from "../admin-route";
import { createBounty, deleteBounty, setBountyCrossedOut, updateBounty } from "./service";

export const bountyRoutes = [
  adminGet("/bounties/:wallet", {
    summary: "Every bounty (admin)",
    response: z.array(bountySchema),
    async handler({ deps, grant }) {
      await grant.consume(deps.database.db);
      return listBounties(deps.database.db);
    },
  }),
  adminPost("/bounties", {
    summary: "Create a bounty (admin)",
    body: createBountySchema,
    response: adminSuccessSchema.extend({ bounty: bountySchema }),
    async handler({ deps, grant, body }) {
      const bounty = await createBounty(deps.database.db, grant, body);
      return { success: true as const, message: adminSuccessMessages.bountyCreated, bounty };
    },
  }),
  adminPost("/bounties/update", {
    summary: "Edit a bounty, optionally marking it completed or cancelled (admin)",
    body: updateBountySchema,
    response: adminSuccessSchema.extend({ bounty: bountySchema }),
    async handler({ deps, grant, body }) {
      const bounty = await updateBounty(deps.database.db, grant, body);
      return { success: true as const, message: adminSuccessMessages.bountyUpdated, bounty };
    },
  }),
  adminPost("/bounties/cross-out", {
    summary: "Cross out or restore a bounty (admin)",
    body: crossOutBountySchema,
    response: adminSuccessSchema.extend({ bounty: bountySchema }),
    async handler({ deps, grant, body }) {
      const bounty = await setBountyCrossedOut(deps.database.db, grant, body);
      return { success: true as const, message: adminSuccessMessages.bountyCrossedOut(body.crossOut), bounty };
    },
  }),
  adminPost("/bounties/delete", {
    summary: "Delete a bounty permanently (admin)",
    body: deleteBountySchema,
    response: adminSuccessSchema,
    async handler({ deps, grant, body }) {
      await deleteBounty(deps.database.db, grant, body);
      return { success: true as const, message: adminSuccessMessages.bountyDeleted };
    },
  }),
];
