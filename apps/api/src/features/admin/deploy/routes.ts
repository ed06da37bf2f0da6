import { deployClassCoinSchema } from "@classcoin/shared/admin";
import { deployResultSchema } from "@classcoin/shared/entities";
import { adminPost } from "../admin-route";
import { deployClassCoin } from "./service";

export const deployRoutes = [
  adminPost("/deploy-classcoin", {
    summary: "Mint 10,000 CC to every active profile except the admin's (admin)",
    body: deployClassCoinSchema,
    response: deployResultSchema,
    handler: ({ deps, grant }) => deployClassCoin(deps, grant),
  }),
];
