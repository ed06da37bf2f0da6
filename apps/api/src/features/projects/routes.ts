import { projectEndpoints } from "@classcoin/shared/endpoints/projects";
import { messages } from "@classcoin/shared/messages";
import type { FastifyPluginAsync } from "fastify";
import { getSessionWallet, requireActingWallet } from "../../auth/session";
import { registerEndpoint } from "../../http/endpoint";
import { limits } from "../../http/rate-limit";
import { unauthorized, validationFailed } from "../../http-errors";
import { readMultipartForm } from "../images/multipart";
import { findOwnProject, getOwnProject, listProjects, saveProject } from "./service";

export const projectRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;

  registerEndpoint(app, projectEndpoints.list, {
    handler: async (request) => listProjects(deps.database.db, request.params.projectNumber, request.query),
  });

  registerEndpoint(app, projectEndpoints.own, {
    handler: async (request) => getOwnProject(deps.database.db, request.params.projectNumber, request.params.wallet),
  });

  registerEndpoint(app, projectEndpoints.ownStatus, {
    handler: async (request) => ({
      project: (await findOwnProject(deps.database.db, request.params.projectNumber, request.params.wallet)) ?? null,
    }),
  });

  registerEndpoint(app, projectEndpoints.save, {
    config: limits.upload,
    async handler(request) {
      // Refuse before reading an upload that could never be accepted.
      if (!(await getSessionWallet(request))) throw unauthorized(messages.auth.required);
      const form = await readMultipartForm(request, { tooLarge: messages.project.imageTooLarge });
      const fields = projectEndpoints.save.body.safeParse(form.fields);
      if (!fields.success) throw validationFailed(fields.error.issues.map((i) => i.message));
      await requireActingWallet(request, fields.data.wallet);
      const project = await saveProject(deps, fields.data, form.file);
      await app.events.publish({
        type: "project.changed",
        projectNumber: project.projectNumber,
        wallet: project.authorWallet,
      });
      return project;
    },
  });
};
