/** "Export CSV": every transaction of the current filters (all pages), as the server streams it. */
import { explorerToolEndpoints } from "@classcoin/shared/endpoints/explorer-tools";
import { dateFilterTimeZone, type ExplorerFilters } from "./api/get-transactions";

export function ExportCsvLink({ filters }: { filters: ExplorerFilters }) {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...filters, ...dateFilterTimeZone(filters) }))
    if (value) query.set(key, value);
  const href = `${explorerToolEndpoints.csv.path}${query.size ? `?${query}` : ""}`;
  return (
    <a className="button secondary small" href={href} download>
      Export CSV
    </a>
  );
}
