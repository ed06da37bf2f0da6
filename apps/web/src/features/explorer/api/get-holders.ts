/** `GET /api/explorer/holders?page=`: wallets by the balance the indexer has added up, with their share. */
import { explorerToolEndpoints } from "@classcoin/shared/endpoints/explorer-tools";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { callApi } from "../../../lib/api-client";

export const getHolders = (page: number) => callApi(explorerToolEndpoints.holders, { query: { page: String(page) } });

export const getHoldersQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ["explorer", "holders", page],
    queryFn: () => getHolders(page),
    placeholderData: keepPreviousData,
  });

export const useHolders = (page: number) => useQuery(getHoldersQueryOptions(page));
