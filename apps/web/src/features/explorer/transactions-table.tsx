/** The paged table: type, from, to, amount, time, status and View; Previous/Next with "Page x of y". */
import type { Transaction } from "@classcoin/shared/entities";
import { formatDateTime } from "../../ui/dates";
import { Pager } from "../../ui/pager";
import { Spinner } from "../../ui/spinner";
import { useWalletSetup } from "../../wallet/wallet-context";
import type { ExplorerFilters } from "./api/get-transactions";
import { useTransactions } from "./api/get-transactions";
import { formatCc, statusClass, typeLabel } from "./format";
import { WalletCell } from "./wallet-cell";

export function TransactionsTable({
  page,
  filters,
  filtered,
  onPage,
  onView,
}: {
  page: number;
  filters: ExplorerFilters;
  filtered: boolean;
  onPage: (page: number) => void;
  onView: (transaction: Transaction) => void;
}) {
  const { config } = useWalletSetup();
  const { data, isLoading, isError, error, isPlaceholderData } = useTransactions(page, filters);

  if (isLoading) return <Spinner label="Loading transactions" />;
  if (isError) {
    return (
      <p className="form-error" role="alert">
        Could not load transactions: {error.message}
      </p>
    );
  }
  if (!data) return null;
  const { transactions, pagination } = data;
  if (transactions.length === 0) {
    return (
      <div className="empty-state">
        <h2>No transactions found</h2>
        <p className="muted">
          {filtered ? "No transaction matches these filters." : "Transfers of ClassCoin will appear here."}
        </p>
        {page > 1 && (
          <button type="button" className="button secondary" onClick={() => onPage(1)}>
            Back to page 1
          </button>
        )}
      </div>
    );
  }
  return (
    <div className="explorer-results" aria-busy={isPlaceholderData}>
      <div className="table-scroll">
        <table className="tx-table">
          <caption className="visually-hidden">Transactions, page {pagination.current}</caption>
          <thead>
            <tr>
              <th scope="col">Type</th>
              <th scope="col">From</th>
              <th scope="col">To</th>
              <th scope="col" className="num">
                Amount
              </th>
              <th scope="col">Time</th>
              <th scope="col">Status</th>
              <th scope="col">
                <span className="visually-hidden">Details</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {transactions.map((tx) => (
              <tr key={tx._id} data-testid="tx-row">
                {/* data-label: each cell's heading when the rows stack as cards on a phone (explorer.css). */}
                <td data-label="Type" className="tx-type">
                  {typeLabel(tx.type)}
                  {/* What the treasury paid for ("Welcome grant", "Bounty: …"): every such row read "System". */}
                  {tx.type === "system" && tx.description && (
                    <span className="tx-description" title={tx.description}>
                      {tx.description}
                    </span>
                  )}
                </td>
                <td data-label="From" className="tx-from">
                  <WalletCell wallet={tx.fromWallet} name={tx.fromName} photo={tx.fromPhoto} />
                </td>
                <td data-label="To" className="tx-to">
                  <WalletCell wallet={tx.toWallet} name={tx.toName} photo={tx.toPhoto} />
                </td>
                <td data-label="Amount" className="num tx-amount">
                  {formatCc(tx.amount, config.productSymbol)}
                </td>
                <td data-label="Time" className="nowrap tx-time">
                  {formatDateTime(tx.timestamp)}
                </td>
                <td data-label="Status" className="tx-status">
                  <span className={statusClass(tx.status)}>{tx.status}</span>
                </td>
                <td className="tx-view">
                  <button type="button" className="button small secondary" onClick={() => onView(tx)}>
                    View
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager pagination={pagination} onPage={onPage} busy={isPlaceholderData} labelTestId="page-label" />
    </div>
  );
}
