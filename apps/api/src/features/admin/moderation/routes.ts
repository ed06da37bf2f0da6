import {
  adminSuccessMessages,
  adminSuccessSchema,
  archiveProfileSchema,
  archiveProjectSchema,
  hidePostSchema,
} from "@classcoin/shared/admin";
import { postSchema, profileSchema, projectSchema } from "@classcoin/shared/entities";
import { z } from "zod";
import { adminGet, adminPost } from "../admin-route";
import {
  listAllPosts,
  listAllProfiles,
  listAllProjects,
  setPostHidden,
  setProfileArchived,
  setProjectArchived,
} from "./service";

export const moderationRoutes = [
  adminGet("/profiles/:wallet", {
    summary: "Every profile, archived ones too (admin)",
    response: z.array(profileSchema),
    async handler({ deps, grant }) {
      await grant.consume(deps.database.db);
      return listAllProfiles(deps.database.db);
    },
  }),
  adminGet("/posts/:wallet", {
    summary: "Every post, hidden ones too (admin)",
    response: z.array(postSchema),
    async handler({ deps, grant }) {
      await grant.consume(deps.database.db);
      return listAllPosts(deps.database.db);
    },
  }),
  adminGet("/projects/:wallet", {
    summary: "Every submission of all four projects, archived ones too (admin)",
    response: z.array(projectSchema),
    async handler({ deps, grant }) {
      await grant.consume(deps.database.db);
      return listAllProjects(deps.database.db);
    },
  }),
  adminPost("/profiles/archive", {
    summary: "Archive or restore a profile (admin)",
    body: archiveProfileSchema,
    response: adminSuccessSchema.extend({ profile: profileSchema }),
    async handler({ deps, grant, body }) {
      const profile = await setProfileArchived(deps.database.db, grant, body);
      return { success: true as const, message: adminSuccessMessages.profileArchived(body.archive), profile };
    },
  }),
  adminPost("/posts/hide", {
    summary: "Hide or show a post (admin)",
    body: hidePostSchema,
    response: adminSuccessSchema.extend({ post: postSchema }),
    async handler({ deps, grant, body }) {
      const post = await setPostHidden(deps.database.db, grant, body);
      return { success: true as const, message: adminSuccessMessages.postHidden(body.hide), post };
    },
  }),
  adminPost("/projects/archive", {
    summary: "Archive or restore a project submission (admin)",
    body: archiveProjectSchema,
    response: adminSuccessSchema.extend({ project: projectSchema }),
    async handler({ deps, grant, body }) {
      const project = await setProjectArchived(deps.database.db, grant, body);
      return { success: true as const, message: adminSuccessMessages.projectArchived(body.archive), project };
    },
  }),
];
