/**
 * /explorer (spec §2): four stat tiles, a 30-day chart, filters kept in the URL, the paged table of indexed
 * ClassCoin transfers and a details dialog. Open to everyone, no wallet needed. `?tx=0x…` (a notification's
 * link) opens that transaction's details.
 */
import type { Transaction } from "@classcoin/shared/entities";
import { useCallback, useState } from "react";
import { useSearchParams } from "react-router";
import { LandingNotice } from "../../ui/landing";
import { DailyChart } from "./daily-chart";
import { ExplorerFilters } from "./explorer-filters";
import { ExplorerLookup } from "./explorer-lookup";
import { useExplorerSearch } from "./explorer-search";
import { ExportCsvLink } from "./export-csv-link";
import { HoldersList } from "./holders-list";
import { useLinkedTransaction } from "./linked-transaction";
import { StatTiles } from "./stat-tiles";
import { TransactionDialog } from "./transaction-dialog";
import { TransactionsTable } from "./transactions-table";
import "./explorer.css";
import "./explorer-tools.css";

export function ExplorerPage() {
  const { filters, page, filtered, setFilters, clearFilters, setPage } = useExplorerSearch();
  const [viewing, setViewing] = useState<Transaction | null>(null);
  const linked = useLinkedTransaction(setViewing);
  // Transactions or holders (`?view=holders`); a wallet chosen anywhere shows its transactions.
  const [params, setParams] = useSearchParams();
  const showHolders = params.get("view") === "holders";
  const setView = (holders: boolean) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (holders) next.set("view", "holders");
      else next.delete("view");
      return next;
    });
  const showWallet = useCallback(
    (wallet: string) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        for (const key of ["view", "page"]) next.delete(key);
        next.set("wallet", wallet);
        return next;
      }),
    [setParams],
  );
  return (
    <section className="page explorer-page">
      <div className="page-head">
        <h1>Explorer</h1>
        <p className="muted">Every ClassCoin transfer on the chain, as the indexer has seen it.</p>
      </div>
      {linked.notice && <LandingNotice>{linked.notice}</LandingNotice>}
      <ExplorerLookup onWallet={showWallet} onTransaction={setViewing} />
      <StatTiles />
      <DailyChart />
      <nav className="explorer-views" aria-label="Explorer view">
        {(["Transactions", "Holders"] as const).map((label) => {
          const active = showHolders === (label === "Holders");
          return (
            <button
              key={label}
              type="button"
              className={active ? "button small" : "button secondary small"}
              aria-pressed={active}
              onClick={() => setView(label === "Holders")}
            >
              {label}
            </button>
          );
        })}
      </nav>
      {showHolders ? (
        <HoldersList onWallet={showWallet} />
      ) : (
        <>
          <ExplorerFilters filters={filters} filtered={filtered} onChange={setFilters} onClear={clearFilters} />
          <div className="explorer-export">
            <ExportCsvLink filters={filters} />
          </div>
          <TransactionsTable page={page} filters={filters} filtered={filtered} onPage={setPage} onView={setViewing} />
        </>
      )}
      {viewing && (
        <TransactionDialog
          summary={viewing}
          onClose={() => {
            setViewing(null);
            linked.forget?.();
          }}
        />
      )}
    </section>
  );
}
