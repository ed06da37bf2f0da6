/** The relay's admin call: the class treasury's standing, shown on the dashboard. */
import { adminEndpoints } from "@classcoin/shared/endpoints/admin";
import { adminGet } from "../../auth/admin-route";
import { treasuryStanding } from "./service";

export const relayAdminRoutes = [
  adminGet(adminEndpoints.treasury, async ({ deps, grant }) => {
    await grant.consume(deps.database.db);
    return treasuryStanding(deps);
  }),
];
