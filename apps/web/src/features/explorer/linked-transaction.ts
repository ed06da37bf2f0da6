/**
 * `/explorer?tx=0x…` (a notification's link: an award's transfer): the page opens that transaction's details
 * as a search for its hash does, or says why it cannot (not indexed yet, or not a ClassCoin transfer).
 * Closing the details takes the hash out of the address, so a reload does not open them again.
 */

import type { Transaction } from "@classcoin/shared/entities";
import { txHashSchema } from "@classcoin/shared/primitives";
import { useCallback, useEffect, useState } from "react";
import { useLocation, useSearchParams } from "react-router";
import { useExplorerLookup } from "./api/search-explorer";

export const TRANSACTION_PARAM = "tx";

const NOT_A_TRANSACTION = "That link does not name a ClassCoin transaction. Search for it above.";

export function useLinkedTransaction(open: (transaction: Transaction) => void) {
  const [params, setParams] = useSearchParams();
  const { key } = useLocation();
  const hash = params.get(TRANSACTION_PARAM);
  const { mutate: lookUp } = useExplorerLookup();
  const [notice, setNotice] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new location (key) follows the link again
  useEffect(() => {
    setNotice(null);
    if (!hash) return;
    // Only a transaction hash is looked up: anything else made the page repeat a crafted link's words
    // ("No address … matches \"<any text>\"") or the search's own error ("q: Too big: expected string…").
    if (!txHashSchema.safeParse(hash).success) {
      setNotice(NOT_A_TRANSACTION);
      return;
    }
    lookUp(hash, {
      onSuccess: ({ result, transaction }) => {
        if (transaction) open(transaction);
        else setNotice(result.kind === "none" ? result.message : NOT_A_TRANSACTION);
      },
      onError: (error) => setNotice(`The transaction could not be looked up: ${error.message}`),
    });
  }, [hash, key, lookUp, open]);
  const forget = useCallback(
    () =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete(TRANSACTION_PARAM);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { notice, forget: hash ? forget : undefined };
}
