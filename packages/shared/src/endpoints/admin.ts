/** The admin's own calls (spec §3 "Dashboard", §6 "Deploy ClassCoin"); each entity holds its other admin calls. */
import { deployClassCoinSchema } from "../admin";
import { dashboardSchema, deployResultSchema } from "../entities";
import { treasuryStandingSchema } from "../gasless";
import { lastDeployRunSchema, resumeDeploySchema } from "../treasury";
import { adminGetEndpoint, adminPostEndpoint } from "./admin-call";

export const adminEndpoints = {
  dashboard: adminGetEndpoint({
    path: "/api/admin/dashboard/:wallet",
    tag: "admin",
    summary: "Counts of profiles, posts, bounties and projects (admin)",
    response: dashboardSchema,
  }),
  treasury: adminGetEndpoint({
    path: "/api/admin/treasury/:wallet",
    tag: "admin",
    summary: "The class treasury's ETH and whether gasless transfers run (admin)",
    response: treasuryStandingSchema,
  }),
  deploy: adminPostEndpoint({
    // Spec §7: `/api/admin/deploy-{product}`, {product} = ClassCoin.
    path: "/api/admin/deploy-ClassCoin",
    tag: "admin",
    summary: "Mint 10,000 CC to every active profile except the admin's (admin)",
    fields: deployClassCoinSchema,
    response: deployResultSchema,
    errorStatuses: [409, 502],
  }),
  /** The same call in lowercase, as every other admin path is and as earlier releases served it. */
  deployLowercase: adminPostEndpoint({
    path: "/api/admin/deploy-classcoin",
    tag: "admin",
    summary: "The same as /api/admin/deploy-ClassCoin, in lowercase (admin)",
    fields: deployClassCoinSchema,
    response: deployResultSchema,
    errorStatuses: [409, 502],
  }),
  lastDeployRun: adminGetEndpoint({
    path: "/api/admin/deploy-runs/:wallet",
    tag: "admin",
    summary: "The last Deploy ClassCoin run: its chunks, their transactions and whether it can be resumed (admin)",
    response: lastDeployRunSchema,
  }),
  resumeDeploy: adminPostEndpoint({
    path: "/api/admin/deploy-classcoin/resume",
    tag: "admin",
    summary:
      "Resume the last, interrupted Deploy ClassCoin run: mints only to the recipients it has not minted to (admin)",
    fields: resumeDeploySchema,
    response: deployResultSchema,
    errorStatuses: [404, 409, 502],
  }),
} as const;
