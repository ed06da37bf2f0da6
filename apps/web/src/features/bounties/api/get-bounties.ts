/** `GET /api/admin/public/bounties`: every bounty, newest first (public, no wallet needed). */
import { type Bounty, bountySchema } from "@classcoin/shared/entities";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { apiGet } from "../../../wallet/api-request";

export function getBounties(): Promise<Bounty[]> {
  return apiGet("/api/admin/public/bounties", z.array(bountySchema));
}

export const getBountiesQueryOptions = () => queryOptions({ queryKey: ["bounties"], queryFn: getBounties });

export const useBounties = () => useQuery(getBountiesQueryOptions());
