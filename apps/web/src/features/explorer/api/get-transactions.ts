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

/** The visitor's time zone, sent with a date filter: the table shows each time on the visitor's clock, so
 * "from" and "to" are days on that clock too (without it the server counts UTC days). */
export function dateFilterTimeZone(filters: Pick<ExplorerFilters, "from" | "to">): { tz?: string } {
  if (!filters.from && !filters.to) return {};
  return { tz: Intl.DateTimeFormat().resolvedOptions().timeZone };
}

export const getTransactions = (page: number, filters: ExplorerFilters) =>
  callApi(explorerEndpoints.transactions, {
    query: { page, limit: EXPLORER_PAGE_SIZE, ...filters, ...dateFilterTimeZone(filters) },
  });

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
