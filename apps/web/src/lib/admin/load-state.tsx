/**
 * Loading, failure and data of one signed admin list. A failed load alerts "<Tab> error: …" (spec §8) and
 * offers to try again; a signature the admin declined only shows the retry.
 */
import { messages } from "@classcoin/shared/messages";
import type { UseQueryResult } from "@tanstack/react-query";
import { type ReactNode, useEffect } from "react";
import { useAlert } from "../../ui/alerts";
import { Spinner } from "../../ui/spinner";
import { isUserRejection } from "../../wallet/user-rejection";
import { adminErrorDetail } from "./admin-errors";
import "./admin.css";

export function LoadState<T>({
  tab,
  query,
  children,
}: {
  tab: string;
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}) {
  const alert = useAlert();
  const { error, errorUpdatedAt, data, isLoading, refetch, isFetching } = query;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new failure of the same kind alerts again
  useEffect(() => {
    if (!error || isUserRejection(error)) return;
    console.error(`${tab} load failed`, error);
    void alert(messages.catalogue.adminLoadError(tab) + adminErrorDetail(error));
  }, [error, errorUpdatedAt, tab, alert]);

  if (isLoading) return <Spinner label={`Loading ${tab.toLowerCase()} (sign the request in your wallet)`} />;
  if (data === undefined) {
    return (
      <div className="notice admin-load-failed">
        <p>
          {error && isUserRejection(error)
            ? `Loading ${tab.toLowerCase()} needs your signature.`
            : messages.catalogue.adminLoadError(tab) + adminErrorDetail(error)}
        </p>
        <button type="button" className="button small" disabled={isFetching} onClick={() => void refetch()}>
          Try again
        </button>
      </div>
    );
  }
  return <>{children(data)}</>;
}
