/**
 * `POST /api/admin/deploy-classcoin {confirmed: true}` (signed): the server mints 10,000 CC to every active
 * profile except the admin's and answers {recipients, amountPerProfile, totalDeployed}.
 */
import { deployResultSchema } from "@classcoin/shared/entities";
import { useAdminMutation } from "./admin-request";

export const useDeployClassCoin = () =>
  useAdminMutation<{ confirmed: true }, typeof deployResultSchema>("/deploy-classcoin", deployResultSchema, () => {});
