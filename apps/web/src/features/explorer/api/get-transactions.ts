/** `GET /api/explorer/transactions?page=&limit=25&wallet=&type=&from=&to=`: one page of the indexed transactions. */
import { EXPLORER_PAGE_SIZE } from "@classcoin/shared/constants";
import { explorerEndpoints } from "@classcoin/shared/endpoints/explorer";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { callApi } from "../../../lib/api-client";

export interface ExplorerFilters {
  wallet: string;
  type: string;
  from: string;
  to: string;
}

export const getTransactions = (page: number, filters: ExplorerFilters) =>
  callApi(explorerEndpoints.transactions, { query: { page, limit: EXPLORER_PAGE_SIZE, ...filters } });

export const getTransactionsQueryOptions = (page: number, filters: ExplorerFilters) =>
  queryOptions({
    queryKey: ["explorer", "transactions", page, filters],
    queryFn: () => getTransactions(page, filters),
    // The last page stays on screen while the next one loads, so the table does not jump.
    placeholderData: keepPreviousData,
    retry: false,
  });

export const useTransactions = (page: number, filters: ExplorerFilters) =>
  useQuery(getTransactionsQueryOptions(page, filters));
