import { adminEndpoints } from "@classcoin/shared/endpoints/admin";
import { adminGet } from "../../../auth/admin-route";
import { readDashboard } from "./service";

export const dashboardRoutes = [
  adminGet(adminEndpoints.dashboard, async ({ deps, grant }) => {
    const { db } = deps.database;
    await grant.consume(db);
    return readDashboard(db, deps.config.adminWallet);
  }),
];
