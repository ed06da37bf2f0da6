import { adminEndpoints } from "@classcoin/shared/endpoints/admin";
import { adminGet, adminPost } from "../../../auth/admin-route";
import { lastDeployRun } from "./last-run";
import { deployClassCoin, resumeDeploy } from "./service";

export const deployRoutes = [
  adminPost(adminEndpoints.deploy, ({ deps, grant }) => deployClassCoin(deps, grant)),
  adminGet(adminEndpoints.lastDeployRun, async ({ deps, grant }) => {
    await grant.consume(deps.database.db);
    return { run: await lastDeployRun(deps) };
  }),
  adminPost(adminEndpoints.resumeDeploy, ({ deps, grant, body }) => resumeDeploy(deps, grant, Number(body.runId))),
];
