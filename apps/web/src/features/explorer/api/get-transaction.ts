/** `GET /api/explorer/transaction/:id`: every field of one transaction, for the details dialog. */
import { explorerEndpoints } from "@classcoin/shared/endpoints/explorer";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { callApi } from "../../../lib/api-client";

export const getTransaction = (id: string) => callApi(explorerEndpoints.transaction, { params: { id } });

export const getTransactionQueryOptions = (id: string) =>
  queryOptions({ queryKey: ["explorer", "transaction", id], queryFn: () => getTransaction(id) });

export const useTransaction = (id: string) => useQuery(getTransactionQueryOptions(id));
