/**
 * Bounties (spec §4, §7): the public list (served under /api/admin/public, as the spec names it) and the
 * admin's writes.
 */
import { z } from "zod";
import {
  adminSuccessSchema,
  createBountySchema,
  crossOutBountySchema,
  deleteBountySchema,
  updateBountySchema,
} from "../admin";
import { defineEndpoint } from "../endpoint";
import { bountySchema } from "../entities";
import { bountyPaymentResultSchema, cancelBountySchema, completeBountySchema, reopenBountySchema } from "../treasury";
import { adminGetEndpoint, adminPostEndpoint } from "./admin-call";

export const bountyEndpoints = {
  list: defineEndpoint({
    method: "GET",
    path: "/api/admin/public/bounties",
    access: "public-read",
    cache: ["bounties"],
    tag: "bounties",
    summary: "All bounties, newest first (public)",
    response: z.array(bountySchema),
  }),
} as const;

const bountyResult = adminSuccessSchema.extend({ bounty: bountySchema });

export const bountyAdminEndpoints = {
  list: adminGetEndpoint({
    path: "/api/admin/bounties/:wallet",
    tag: "admin",
    summary: "Every bounty (admin)",
    response: z.array(bountySchema),
  }),
  create: adminPostEndpoint({
    path: "/api/admin/bounties",
    tag: "admin",
    summary: "Create a bounty (admin)",
    fields: createBountySchema,
    // The bounties trigger announces the change to other instances (NOTIFY); this one forgets it at once.
    invalidates: ["bounties"],
    response: bountyResult,
  }),
  update: adminPostEndpoint({
    path: "/api/admin/bounties/update",
    tag: "admin",
    summary: "Edit a bounty, optionally marking it completed or cancelled (admin)",
    fields: updateBountySchema,
    invalidates: ["bounties"],
    response: bountyResult,
    errorStatuses: [404],
  }),
  crossOut: adminPostEndpoint({
    path: "/api/admin/bounties/cross-out",
    tag: "admin",
    summary: "Cross out or restore a bounty (admin)",
    fields: crossOutBountySchema,
    invalidates: ["bounties"],
    response: bountyResult,
    errorStatuses: [404],
  }),
  delete: adminPostEndpoint({
    path: "/api/admin/bounties/delete",
    tag: "admin",
    summary: "Delete a bounty permanently (admin)",
    fields: deleteBountySchema,
    invalidates: ["bounties"],
    response: adminSuccessSchema,
    errorStatuses: [404],
  }),
  complete: adminPostEndpoint({
    path: "/api/admin/bounties/complete",
    tag: "admin",
    summary:
      "Mark an active bounty completed by a student: mints its reward in CC to the student from the treasury, once (admin)",
    fields: completeBountySchema,
    invalidates: ["bounties"],
    response: bountyPaymentResultSchema,
    errorStatuses: [404, 409, 502],
  }),
  cancel: adminPostEndpoint({
    path: "/api/admin/bounties/cancel",
    tag: "admin",
    summary: "Cancel a bounty (no payment) (admin)",
    fields: cancelBountySchema,
    invalidates: ["bounties"],
    response: bountyResult,
    errorStatuses: [404, 409],
  }),
  reopen: adminPostEndpoint({
    path: "/api/admin/bounties/reopen",
    tag: "admin",
    summary: "Reopen a cancelled bounty (admin)",
    fields: reopenBountySchema,
    invalidates: ["bounties"],
    response: bountyResult,
    errorStatuses: [404, 409],
  }),
} as const;
