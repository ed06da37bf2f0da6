/** `GET /api/admin/public/bounties`: every bounty, newest first (public, no wallet needed). */
import { bountyEndpoints } from "@classcoin/shared/endpoints/bounties";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { callApi } from "../../../lib/api-client";

export const getBounties = () => callApi(bountyEndpoints.list);

export const getBountiesQueryOptions = () => queryOptions({ queryKey: ["bounties"], queryFn: getBounties });

export const useBounties = () => useQuery(getBountiesQueryOptions());
