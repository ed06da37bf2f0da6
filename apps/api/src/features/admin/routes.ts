/** The admin calls of spec §7, all behind the signed-message check (auth/admin.ts). */
import type { FastifyPluginAsync } from "fastify";
import type { AdminRoute } from "./admin-route";
import { bountyRoutes } from "./bounties/routes";
import { dashboardRoutes } from "./dashboard/routes";
import { deployRoutes } from "./deploy/routes";
import { moderationRoutes } from "./moderation/routes";
import { settingsRoutes } from "./settings/routes";
import { whitelistRoutes } from "./whitelist/routes";

export const adminRouteTable: readonly AdminRoute[] = [
  ...dashboardRoutes,
  ...moderationRoutes,
  ...bountyRoutes,
  ...settingsRoutes,
  ...whitelistRoutes,
  ...deployRoutes,
];

/** Register with prefix "/api/admin". */
export const adminRoutes: FastifyPluginAsync = async (app) => {
  app.decorateRequest("adminGrant", null);
  for (const route of adminRouteTable) route.register(app);
};
