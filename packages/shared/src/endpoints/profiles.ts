/** Profiles (spec §3, §5, §7): the public list and page, the multipart create/update form, and the admin's view. */
import { z } from "zod";
import { adminSuccessSchema, archiveProfileSchema } from "../admin";
import { defineEndpoint } from "../endpoint";
import { profileSchema } from "../entities";
import { listPageQuerySchema } from "../paging";
import { profileFormSchema, profileParamsSchema, profileStatusSchema } from "../profiles";
import { adminGetEndpoint, adminPostEndpoint } from "./admin-call";

export const profileEndpoints = {
  list: defineEndpoint({
    method: "GET",
    path: "/api/profiles",
    access: "public-read",
    cache: ["profiles"],
    tag: "profiles",
    summary: "Active profiles, newest first",
    description:
      "Without `limit` and `before`, every active profile (the spec's answer). For pages pass `limit` (1–100) " +
      "and then `before` = the `_id` of the last profile shown; a page shorter than `limit` is the last one. " +
      "The order is `createdAt` then `_id`, both newest first.",
    query: listPageQuerySchema,
    response: z.array(profileSchema),
    errorStatuses: [400],
  }),
  get: defineEndpoint({
    method: "GET",
    path: "/api/profiles/:wallet",
    access: "public-read",
    cache: ["profiles"],
    tag: "profiles",
    summary: "One active profile; 404 when none",
    params: profileParamsSchema,
    response: profileSchema,
    errorStatuses: [400, 404],
  }),
  status: defineEndpoint({
    method: "GET",
    path: "/api/profiles/:wallet/status",
    access: "public-read",
    cache: ["profiles"],
    tag: "profiles",
    summary: "Whether the wallet has a profile: none, active (with it) or archived; never 404",
    description:
      "What the web app asks about the connected wallet: no profile is an answer here, not an error (the " +
      "spec's GET /api/profiles/{wallet} answers 404), and an archived profile is told apart from none, so an " +
      "archived student is told so instead of being offered a form that cannot succeed.",
    params: profileParamsSchema,
    response: profileStatusSchema,
    errorStatuses: [400],
  }),
  create: defineEndpoint({
    method: "POST",
    path: "/api/profiles",
    access: "session-write",
    tag: "profiles",
    summary: "Create a profile (multipart: wallet, name, birthday, starSign, balance, optional photo)",
    description:
      "multipart/form-data fields: wallet, name, birthday (YYYY-MM-DD), starSign, balance (ignored; the balance " +
      "is read from the chain) and an optional file field `photo`. Needs a session of `wallet`, at least 1 CC " +
      "and, in whitelist mode, a whitelisted wallet.",
    body: profileFormSchema,
    bodyKind: "multipart",
    fileField: "photo",
    successStatus: 201,
    response: profileSchema,
    errorStatuses: [400, 401, 403, 409, 429],
  }),
  update: defineEndpoint({
    method: "POST",
    path: "/api/profiles/update",
    access: "session-write",
    tag: "profiles",
    summary: "Update one's profile (same form; the photo is optional)",
    body: profileFormSchema,
    bodyKind: "multipart",
    fileField: "photo",
    response: profileSchema,
    errorStatuses: [400, 401, 403, 404, 429],
  }),
} as const;

export const profileAdminEndpoints = {
  list: adminGetEndpoint({
    path: "/api/admin/profiles/:wallet",
    tag: "admin",
    summary: "Every profile, archived ones too (admin)",
    response: z.array(profileSchema),
  }),
  archive: adminPostEndpoint({
    path: "/api/admin/profiles/archive",
    tag: "admin",
    summary: "Archive or restore a profile (admin)",
    fields: archiveProfileSchema,
    response: adminSuccessSchema.extend({ profile: profileSchema }),
    errorStatuses: [404],
  }),
} as const;
