/** `GET /api/admin/dashboard/:wallet` (signed): the dashboard's counts (spec §3). */
import { adminEndpoints } from "@classcoin/shared/endpoints/admin";
import { useQuery } from "@tanstack/react-query";
import { adminQueryOptions } from "../../../lib/admin/admin-call";
import type { AdminSigner } from "../../../lib/admin/admin-signer";

export const getDashboardQueryOptions = (signer: AdminSigner) => adminQueryOptions(adminEndpoints.dashboard, signer);

export const useDashboard = (signer: AdminSigner) => useQuery(getDashboardQueryOptions(signer));
