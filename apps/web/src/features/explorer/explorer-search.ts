/** The explorer's view lives in the URL (`?page=2&type=mint&wallet=0x…`), so a filtered view can be shared. */
import { TRANSACTION_TYPES } from "@classcoin/shared/constants";
import { useCallback } from "react";
import { useSearchParams } from "react-router";
import type { ExplorerFilters } from "./api/get-transactions";

const FILTER_KEYS = ["wallet", "type", "from", "to"] as const;

export function useExplorerSearch() {
  const [params, setParams] = useSearchParams();
  const type = params.get("type") ?? "";
  const filters: ExplorerFilters = {
    wallet: params.get("wallet")?.trim() ?? "",
    type: (TRANSACTION_TYPES as readonly string[]).includes(type) ? type : "",
    from: params.get("from") ?? "",
    to: params.get("to") ?? "",
  };
  const pageNumber = Number(params.get("page"));
  const page = Number.isInteger(pageNumber) && pageNumber >= 1 ? pageNumber : 1;

  /** Changes filters (back to page 1); empty values leave the URL. */
  const setFilters = useCallback(
    (changes: Partial<ExplorerFilters>) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        next.delete("page");
        return next;
      }),
    [setParams],
  );
  const clearFilters = useCallback(
    () =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        for (const key of [...FILTER_KEYS, "page"]) next.delete(key);
        return next;
      }),
    [setParams],
  );
  const setPage = useCallback(
    (n: number) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        if (n > 1) next.set("page", String(n));
        else next.delete("page");
        return next;
      }),
    [setParams],
  );
  const filtered = FILTER_KEYS.some((key) => filters[key] !== "");
  return { filters, page, filtered, setFilters, clearFilters, setPage };
}
