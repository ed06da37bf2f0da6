/** `GET /api/explorer/search?q=`: where an address, a transaction hash or a profile name leads. */
import { explorerToolEndpoints } from "@classcoin/shared/endpoints/explorer-tools";
import { useMutation } from "@tanstack/react-query";
import { callApi } from "../../../lib/api-client";
import { getTransaction } from "./get-transaction";

/** The search's answer; for a transaction, the transaction itself, ready for the details dialog. */
export function useExplorerLookup() {
  return useMutation({
    mutationFn: async (q: string) => {
      const result = await callApi(explorerToolEndpoints.search, { query: { q } });
      if (result.kind !== "transaction") return { result, transaction: null };
      return { result, transaction: await getTransaction(result.id) };
    },
  });
}
