/**
 * The whitelist (spec §3 "Settings", §4): whitelist mode and the listed wallets, both the admin's. While the
 * mode is on, only a listed wallet may create a profile.
 */
import { z } from "zod";
import { addWhitelistSchema, adminSuccessSchema, removeWhitelistSchema, updateSettingSchema } from "../admin";
import { defineEndpoint } from "../endpoint";
import { settingsSchema, whitelistEntrySchema } from "../entities";
import { rosterSelfSchema } from "../roster-self";
import { addRosterSchema, adminWhitelistEntrySchema, rosterResultSchema, welcomeGrantSchema } from "../treasury";
import { adminGetEndpoint, adminPostEndpoint } from "./admin-call";

export const whitelistEndpoints = {
  me: defineEndpoint({
    method: "GET",
    path: "/api/whitelist/me",
    access: "session-read",
    tag: "whitelist",
    summary:
      "Whether the session's own wallet is on the class roster, and its welcome grant as it stands (401 without a session; it names no wallet, so no one else's can be asked)",
    response: rosterSelfSchema,
    errorStatuses: [401],
  }),
} as const;

export const whitelistAdminEndpoints = {
  settings: adminGetEndpoint({
    path: "/api/admin/settings/:wallet",
    tag: "admin",
    summary: "Site settings: whitelist mode (admin)",
    response: settingsSchema,
  }),
  updateSettings: adminPostEndpoint({
    path: "/api/admin/settings",
    tag: "admin",
    summary: "Turn whitelist mode on or off (admin)",
    fields: updateSettingSchema,
    response: adminSuccessSchema.extend({ settings: settingsSchema }),
  }),
  list: adminGetEndpoint({
    path: "/api/admin/whitelist/:wallet",
    tag: "admin",
    summary: "Whitelisted wallets, each with its welcome grant as it stands (admin)",
    response: z.array(adminWhitelistEntrySchema),
  }),
  add: adminPostEndpoint({
    path: "/api/admin/whitelist/add",
    tag: "admin",
    summary: "Add a wallet to the whitelist and send its welcome grant, once ever (admin)",
    fields: addWhitelistSchema,
    response: adminSuccessSchema.extend({ entry: whitelistEntrySchema, grant: welcomeGrantSchema.nullable() }),
    errorStatuses: [409],
  }),
  addMany: adminPostEndpoint({
    path: "/api/admin/whitelist/add-many",
    tag: "admin",
    summary:
      "Add a pasted roster (one wallet[,notes] per line; all or nothing) and send each new wallet's welcome grant (admin)",
    fields: addRosterSchema,
    response: rosterResultSchema,
  }),
  remove: adminPostEndpoint({
    path: "/api/admin/whitelist/remove",
    tag: "admin",
    summary: "Remove a wallet from the whitelist (admin)",
    fields: removeWhitelistSchema,
    response: adminSuccessSchema,
    errorStatuses: [404],
  }),
} as const;
