import { adminEndpoints } from "@classcoin/shared/endpoints/admin";
import { adminPost } from "../../../auth/admin-route";
import { deployClassCoin } from "./service";

export const deployRoutes = [adminPost(adminEndpoints.deploy, ({ deps, grant }) => deployClassCoin(deps, grant))];
