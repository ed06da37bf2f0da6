/** Project submissions (spec §5 "Project submission", §7): four numbered projects, one submission per wallet each. */
import { z } from "zod";
import { adminSuccessSchema, archiveProjectSchema } from "../admin";
import { defineEndpoint } from "../endpoint";
import { projectSchema } from "../entities";
import { listPageQuerySchema } from "../paging";
import { ownProjectParamsSchema, projectFormFieldsSchema, projectListParamsSchema } from "../projects";
import { adminGetEndpoint, adminPostEndpoint } from "./admin-call";

export const projectEndpoints = {
  list: defineEndpoint({
    method: "GET",
    path: "/api/projects/:projectNumber",
    access: "public-read",
    cache: ["projects"],
    tag: "projects",
    summary: "Active submissions for project 1–4, newest first",
    description:
      "Without `limit` and `before`, every active submission (the spec's answer). For pages pass `limit` " +
      "(1–100) and then `before` = the `_id` of the last submission shown; a page shorter than `limit` is the " +
      "last one. The order is `_id`, newest first.",
    params: projectListParamsSchema,
    query: listPageQuerySchema,
    response: z.array(projectSchema),
    errorStatuses: [400],
  }),
  own: defineEndpoint({
    method: "GET",
    path: "/api/projects/:projectNumber/:wallet",
    access: "public-read",
    cache: ["projects"],
    tag: "projects",
    summary: "A wallet's own submission for a project; 404 when it has none",
    params: ownProjectParamsSchema,
    response: projectSchema,
    errorStatuses: [400, 404],
  }),
  ownStatus: defineEndpoint({
    method: "GET",
    path: "/api/projects/:projectNumber/:wallet/status",
    access: "public-read",
    cache: ["projects"],
    tag: "projects",
    summary: "A wallet's own submission for a project, or null (archived ones too); never 404",
    description:
      "What the web app asks for the connected wallet: having no submission is an answer, not an error that " +
      "every browser logs (the spec's GET /api/projects/{projectNumber}/{wallet} answers 404).",
    params: ownProjectParamsSchema,
    response: z.object({ project: projectSchema.nullable() }),
    errorStatuses: [400],
  }),
  save: defineEndpoint({
    method: "POST",
    path: "/api/projects",
    access: "session-write",
    tag: "projects",
    summary: "Create or update the wallet's submission (multipart form; session of `wallet` required)",
    description:
      "multipart/form-data fields: wallet, projectNumber (1–4), title, description, balance (ignored; the " +
      "balance is read from the chain) and an optional file field `image`. Title and image are required " +
      "on create; on update a new image is optional.",
    body: projectFormFieldsSchema,
    bodyKind: "multipart",
    fileField: "image",
    response: projectSchema,
    errorStatuses: [400, 401, 403, 429],
  }),
} as const;

export const projectAdminEndpoints = {
  list: adminGetEndpoint({
    path: "/api/admin/projects/:wallet",
    tag: "admin",
    summary: "Every submission of all four projects, archived ones too (admin)",
    response: z.array(projectSchema),
  }),
  archive: adminPostEndpoint({
    path: "/api/admin/projects/archive",
    tag: "admin",
    summary: "Archive or restore a project submission (admin)",
    fields: archiveProjectSchema,
    response: adminSuccessSchema.extend({ project: projectSchema }),
    errorStatuses: [404],
  }),
} as const;
