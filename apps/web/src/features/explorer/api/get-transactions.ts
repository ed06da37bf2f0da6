/** `GET /api/explorer/transactions?page=&limit=25&wallet=&type=&from=&to=`: one page of the indexed transactions. */
import { EXPLORER_PAGE_SIZE } from "@classcoin/shared/constants";
import { type ExplorerPage, explorerPageSchema } from "@classcoin/shared/entities";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "../../../wallet/api-request";

export interface ExplorerFilters {
  wallet: string;
  type: string;
  from: string;
  to: string;
}

export function getTransactions(page: number, filters: ExplorerFilters): Promise<ExplorerPage> {
  const query = new URLSearchParams({ page: String(page), limit: String(EXPLORER_PAGE_SIZE), ...filters });
  return apiGet(`/api/explorer/transactions?${query}`, explorerPageSchema);
}

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
