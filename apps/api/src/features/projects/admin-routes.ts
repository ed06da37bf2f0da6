/** The admin's side of projects (spec §4 "Projects"): every submission, and archiving or restoring one. */
import { adminSuccessMessages } from "@classcoin/shared/admin";
import { projectAdminEndpoints } from "@classcoin/shared/endpoints/projects";
import { adminGet, adminPost } from "../../auth/admin-route";
import { announceModeration } from "../../events/moderation";
import { listAllProjects, setProjectArchived } from "./service";

export const projectAdminRoutes = [
  adminGet(projectAdminEndpoints.list, async ({ deps, grant }) => {
    await grant.consume(deps.database.db);
    return listAllProjects(deps.database.db);
  }),
  adminPost(projectAdminEndpoints.archive, async ({ deps, events, grant, body }) => {
    const { project, changed } = await setProjectArchived(deps.database.db, grant, body);
    await announceModeration(
      events,
      { entity: "project", id: project._id, wallet: project.authorWallet, hidden: project.archived },
      changed,
    );
    return { success: true as const, message: adminSuccessMessages.projectArchived(body.archive), project };
  }),
];
