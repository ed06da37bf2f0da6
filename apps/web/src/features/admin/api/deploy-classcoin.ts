/**
 * `POST /api/admin/deploy-ClassCoin {confirmed: true}` (signed): the server mints 10,000 CC to every active
 * profile except the admin's and answers {recipients, amountPerProfile, totalDeployed}.
 */
import { adminEndpoints } from "@classcoin/shared/endpoints/admin";
import { useAdminMutation } from "../../../lib/admin/use-admin-mutation";

export const useDeployClassCoin = () => useAdminMutation(adminEndpoints.deploy, () => {});
