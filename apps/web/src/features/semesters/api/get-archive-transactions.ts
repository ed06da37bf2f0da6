/** `GET /api/archives/:archiveId/transactions?page=&limit=25`: one page of an archive's explorer transactions. */
import { EXPLORER_PAGE_SIZE } from "@classcoin/shared/constants";
import { archiveEndpoints } from "@classcoin/shared/endpoints/semesters";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { callApi } from "../../../lib/api-client";

export const getArchiveTransactions = (archiveId: string, page: number) =>
  callApi(archiveEndpoints.transactions, { params: { archiveId }, query: { page, limit: EXPLORER_PAGE_SIZE } });

export const getArchiveTransactionsQueryOptions = (archiveId: string, page: number) =>
  queryOptions({
    queryKey: ["archives", archiveId, "transactions", page],
    queryFn: () => getArchiveTransactions(archiveId, page),
    // The last page stays on screen while the next one loads, so the table does not jump.
    placeholderData: keepPreviousData,
    retry: false,
  });

export const useArchiveTransactions = (archiveId: string, page: number) =>
  useQuery(getArchiveTransactionsQueryOptions(archiveId, page));
