import { adminEndpoints } from "@classcoin/shared/endpoints/admin";
import { adminGet, adminPost } from "../../../auth/admin-route";
import type { EventBus } from "../../../events/bus";
import { lastDeployRun } from "./last-run";
import { deployClassCoin, resumeDeploy } from "./service";

/**
 * After a run, finished or stopped part-way: every instance's balances and leaderboard read again. The
 * wallets are not listed (a class's would not fit a NOTIFY); students' own balances follow the indexer's event.
 */
async function thenBalancesChanged<T>(events: EventBus, run: Promise<T>): Promise<T> {
  try {
    return await run;
  } finally {
    await events.publish({ type: "balances", wallets: [] }).catch(() => {});
  }
}

const deploy: Parameters<typeof adminPost<typeof adminEndpoints.deploy>>[1] = ({ deps, events, grant }) =>
  thenBalancesChanged(events, deployClassCoin(deps, grant));

export const deployRoutes = [
  adminPost(adminEndpoints.deploy, deploy),
  // The same action (`admin_post_deploy_classcoin`): one signature is good on either path, once.
  adminPost(adminEndpoints.deployLowercase, deploy),
  adminGet(adminEndpoints.lastDeployRun, async ({ deps, grant }) => {
    await grant.consume(deps.database.db);
    return { run: await lastDeployRun(deps) };
  }),
  adminPost(adminEndpoints.resumeDeploy, ({ deps, events, grant, body }) =>
    thenBalancesChanged(events, resumeDeploy(deps, grant, Number(body.runId))),
  ),
];
