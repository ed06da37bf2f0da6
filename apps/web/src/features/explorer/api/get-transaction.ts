/** `GET /api/explorer/transaction/:id`: every field of one transaction, for the details dialog. */
import { type Transaction, transactionSchema } from "@classcoin/shared/entities";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "../../../wallet/api-request";

export function getTransaction(id: string): Promise<Transaction> {
  return apiGet(`/api/explorer/transaction/${encodeURIComponent(id)}`, transactionSchema);
}

export const getTransactionQueryOptions = (id: string) =>
  queryOptions({ queryKey: ["explorer", "transaction", id], queryFn: () => getTransaction(id) });

export const useTransaction = (id: string) => useQuery(getTransactionQueryOptions(id));
