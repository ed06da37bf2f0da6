/**
 * The admin calls of spec §7, all behind the signed-message check (auth/admin-route.ts). Each feature owns
 * its admin calls (`admin-routes.ts` beside its public routes); this table mounts them all, and the security
 * tests derive their refusal matrix from it.
 */
import type { FastifyPluginAsync } from "fastify";
import type { AdminRoute } from "../../auth/admin-route";
import { awardAdminRoutes } from "../awards/admin-routes";
import { bountyAdminRoutes } from "../bounties/admin-routes";
import { commentAdminRoutes } from "../comments/admin-routes";
import { feedAdminRoutes } from "../feed/admin-routes";
import { postAdminRoutes } from "../posts/admin-routes";
import { predictionAdminRoutes } from "../predictions/admin-routes";
import { profileAdminRoutes } from "../profiles/admin-routes";
import { projectAdminRoutes } from "../projects/admin-routes";
import { relayAdminRoutes } from "../relay/admin-routes";
import { semesterAdminRoutes } from "../semesters/admin-routes";
import { whitelistAdminRoutes } from "../whitelist/admin-routes";
import { dashboardRoutes } from "./dashboard/routes";
import { deployRoutes } from "./deploy/routes";

export const adminRouteTable: readonly AdminRoute[] = [
  ...dashboardRoutes,
  ...profileAdminRoutes,
  ...postAdminRoutes,
  ...commentAdminRoutes,
  ...feedAdminRoutes,
  ...predictionAdminRoutes,
  ...projectAdminRoutes,
  ...bountyAdminRoutes,
  ...whitelistAdminRoutes,
  ...awardAdminRoutes,
  ...relayAdminRoutes,
  ...deployRoutes,
  ...semesterAdminRoutes,
];

export const adminRoutes: FastifyPluginAsync = async (app) => {
  app.decorateRequest("adminGrant", null);
  for (const route of adminRouteTable) route.register(app);
};
