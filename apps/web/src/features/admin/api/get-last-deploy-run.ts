/** `GET /api/admin/deploy-runs/:wallet` (session or signed): the last Deploy ClassCoin run and its chunks (issue 14). */
import { adminEndpoints } from "@classcoin/shared/endpoints/admin";
import { useQuery } from "@tanstack/react-query";
import { adminQueryOptions } from "../../../lib/admin/admin-call";
import type { AdminSigner } from "../../../lib/admin/admin-signer";

export const getLastDeployRunQueryOptions = (signer: AdminSigner) =>
  adminQueryOptions(adminEndpoints.lastDeployRun, signer);

/** Every last-run query (whichever admin wallet): refreshed after a deploy or a resume. */
export const lastDeployRunKeyPrefix = ["admin", adminEndpoints.lastDeployRun.path] as const;

/** Followed every 3 s while a server works on it; a reload after that costs nothing when signed in. */
export const useLastDeployRun = (signer: AdminSigner) =>
  useQuery({
    ...getLastDeployRunQueryOptions(signer),
    refetchInterval: (query) => (signer.bySession && query.state.data?.run?.status === "running" ? 3_000 : false),
  });
