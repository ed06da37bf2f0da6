import { dashboardSchema } from "@classcoin/shared/entities";
import { adminGet } from "../admin-route";
import { readDashboard } from "./service";

export const dashboardRoutes = [
  adminGet("/dashboard/:wallet", {
    summary: "Counts of profiles, posts, bounties and projects (admin)",
    response: dashboardSchema,
    async handler({ deps, grant }) {
      const { db } = deps.database;
      await grant.consume(db);
      return readDashboard(db, deps.config.adminWallet);
    },
  }),
];
