/** `GET /api/admin/dashboard/:wallet` (signed): the dashboard's counts (spec §3). */
import { type Dashboard, dashboardSchema } from "@classcoin/shared/entities";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { type AdminSigner, adminGet, adminKey, adminQueryDefaults } from "./admin-request";

export function getDashboard(signer: AdminSigner): Promise<Dashboard> {
  return adminGet(signer, "/dashboard", dashboardSchema);
}

export const getDashboardQueryOptions = (signer: AdminSigner) =>
  queryOptions({
    queryKey: adminKey("dashboard", signer.wallet),
    queryFn: () => getDashboard(signer),
    ...adminQueryDefaults,
  });

export const useDashboard = (signer: AdminSigner) => useQuery(getDashboardQueryOptions(signer));
