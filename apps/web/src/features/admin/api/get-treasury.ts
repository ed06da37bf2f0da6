/** `GET /api/admin/treasury/:wallet` (signed): the class treasury's ETH and whether gasless transfers run. */
import { adminEndpoints } from "@classcoin/shared/endpoints/admin";
import { useQuery } from "@tanstack/react-query";
import { adminQueryOptions } from "../../../lib/admin/admin-call";
import type { AdminSigner } from "../../../lib/admin/admin-signer";

export const useTreasury = (signer: AdminSigner) => useQuery(adminQueryOptions(adminEndpoints.treasury, signer));
