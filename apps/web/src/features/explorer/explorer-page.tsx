/**
 * /explorer (spec §2): four stat tiles, a 30-day chart, filters kept in the URL, the paged table of indexed
 * ClassCoin transfers and a details dialog. Open to everyone, no wallet needed.
 */
import type { Transaction } from "@classcoin/shared/entities";
import { useState } from "react";
import { DailyChart } from "./daily-chart";
import { ExplorerFilters } from "./explorer-filters";
import { useExplorerSearch } from "./explorer-search";
import { StatTiles } from "./stat-tiles";
import { TransactionDialog } from "./transaction-dialog";
import { TransactionsTable } from "./transactions-table";
import "./explorer.css";

export function ExplorerPage() {
  const { filters, page, filtered, setFilters, clearFilters, setPage } = useExplorerSearch();
  const [viewing, setViewing] = useState<Transaction | null>(null);
  return (
    <section className="page explorer-page">
      <div className="page-head">
        <h1>Explorer</h1>
        <p className="muted">Every ClassCoin transfer on the chain, as the indexer has seen it.</p>
      </div>
      <StatTiles />
      <DailyChart />
      <ExplorerFilters filters={filters} filtered={filtered} onChange={setFilters} onClear={clearFilters} />
      <TransactionsTable page={page} filters={filters} filtered={filtered} onPage={setPage} onView={setViewing} />
      {viewing && <TransactionDialog summary={viewing} onClose={() => setViewing(null)} />}
    </section>
  );
}
