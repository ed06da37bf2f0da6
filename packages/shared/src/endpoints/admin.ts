/** The admin's own calls (spec §3 "Dashboard", §6 "Deploy ClassCoin"); each entity holds its other admin calls. */
import { deployClassCoinSchema } from "../admin";
import { dashboardSchema, deployResultSchema } from "../entities";
import { adminGetEndpoint, adminPostEndpoint } from "./admin-call";

export const adminEndpoints = {
  dashboard: adminGetEndpoint({
    path: "/api/admin/dashboard/:wallet",
    tag: "admin",
    summary: "Counts of profiles, posts, bounties and projects (admin)",
    response: dashboardSchema,
  }),
  deploy: adminPostEndpoint({
    path: "/api/admin/deploy-classcoin",
    tag: "admin",
    summary: "Mint 10,000 CC to every active profile except the admin's (admin)",
    fields: deployClassCoinSchema,
    response: deployResultSchema,
    errorStatuses: [409, 502],
  }),
} as const;
