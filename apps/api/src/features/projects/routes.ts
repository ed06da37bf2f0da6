import { apiErrorSchema } from "@classcoin/shared/api-meta";
import { projectSchema } from "@classcoin/shared/entities";
import { messages } from "@classcoin/shared/messages";
import { ownProjectParamsSchema, projectFormFieldsSchema, projectListParamsSchema } from "@classcoin/shared/projects";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { getSessionWallet, requireActingWallet } from "../../auth/session";
import { limits } from "../../http/rate-limit";
import { unauthorized, validationFailed } from "../../http-errors";
import { readMultipartForm } from "../images/multipart";
import { getOwnProject, listProjects, saveProject } from "./service";

const errorsSchema = apiErrorSchema.extend({ errors: z.array(z.string()).optional() });

export const projectRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  app.get(
    "/projects/:projectNumber",
    {
      schema: {
        tags: ["projects"],
        summary: "Active submissions for project 1–4, newest first",
        params: projectListParamsSchema,
        response: { 200: z.array(projectSchema) },
      },
    },
    async (request) => listProjects(deps.database.db, request.params.projectNumber),
  );

  app.get(
    "/projects/:projectNumber/:wallet",
    {
      schema: {
        tags: ["projects"],
        summary: "A wallet's own submission for a project; 404 when it has none",
        params: ownProjectParamsSchema,
        response: { 200: projectSchema, 404: apiErrorSchema },
      },
    },
    async (request) => getOwnProject(deps.database.db, request.params.projectNumber, request.params.wallet),
  );

  app.post(
    "/projects",
    {
      config: limits.upload,
      schema: {
        tags: ["projects"],
        summary: "Create or update the wallet's submission (multipart form; session of `wallet` required)",
        description:
          "multipart/form-data fields: wallet, projectNumber (1–4), title, description, balance (ignored; the " +
          "balance is read from the chain) and an optional file field `image`. Title and image are required " +
          "on create; on update a new image is optional.",
        consumes: ["multipart/form-data"],
        response: { 200: projectSchema, 400: errorsSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => {
      // Refuse before reading an upload that could never be accepted.
      if (!(await getSessionWallet(request))) throw unauthorized(messages.auth.required);
      const form = await readMultipartForm(request, { tooLarge: messages.project.imageTooLarge });
      const fields = projectFormFieldsSchema.safeParse(form.fields);
      if (!fields.success) throw validationFailed(fields.error.issues.map((i) => i.message));
      await requireActingWallet(request, fields.data.wallet);
      return saveProject(deps, fields.data, form.file);
    },
  );
};
