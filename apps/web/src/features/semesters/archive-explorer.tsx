/**
 * The archived explorer: the semester's transactions as the indexer had seen them, newest first, paged like
 * the live explorer (Previous/Next with "Page x of y", the page kept in the URL as `?page=`).
 */
import type { Transaction } from "@classcoin/shared/entities";
import { useSearchParams } from "react-router";
import { Avatar } from "../../ui/avatar";
import { formatDateTime } from "../../ui/dates";
import { Pager } from "../../ui/pager";
import { shortAddress } from "../../ui/short-address";
import { Spinner } from "../../ui/spinner";
import { useWalletSetup } from "../../wallet/wallet-context";
import { useArchiveTransactions } from "./api/get-archive-transactions";
import { formatCc, typeLabel } from "./format";

function pageOf(raw: string | null): number {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

export function ArchiveExplorer({ archiveId }: { archiveId: string }) {
  const { config } = useWalletSetup();
  const [params, setParams] = useSearchParams();
  const page = pageOf(params.get("page"));
  const setPage = (next: number) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (next <= 1) updated.delete("page");
      else updated.set("page", String(next));
      return updated;
    });
  const { data, isLoading, isError, error, isPlaceholderData } = useArchiveTransactions(archiveId, page);

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
        <p className="muted">No transactions were archived{page > 1 ? " on this page" : ""}.</p>
        {page > 1 && (
          <button type="button" className="button secondary" onClick={() => setPage(1)}>
            Back to page 1
          </button>
        )}
      </div>
    );
  }
  return (
    <div className="archive-explorer" aria-busy={isPlaceholderData}>
      <div className="archive-table-scroll">
        <table className="archive-tx-table">
          <caption className="visually-hidden">Archived transactions, page {pagination.current}</caption>
          <thead>
            <tr>
              <th scope="col">Type</th>
              <th scope="col">From</th>
              <th scope="col">To</th>
              <th scope="col" className="num">
                Amount
              </th>
              <th scope="col">Time</th>
              <th scope="col">Transaction</th>
            </tr>
          </thead>
          <tbody>
            {transactions.map((tx) => (
              <TransactionRow key={tx._id} tx={tx} symbol={config.productSymbol} />
            ))}
          </tbody>
        </table>
      </div>
      <Pager pagination={pagination} onPage={setPage} busy={isPlaceholderData} labelTestId="page-label" />
    </div>
  );
}

function TransactionRow({ tx, symbol }: { tx: Transaction; symbol: string }) {
  return (
    <tr data-testid="archived-tx">
      {/* data-label: each cell's heading when the rows stack as cards on a phone (semesters.css). */}
      <td data-label="Type" className="tx-type">
        {typeLabel(tx.type)}
      </td>
      <td data-label="From" className="tx-from">
        <WalletCell wallet={tx.fromWallet} name={tx.fromName} photo={tx.fromPhoto} />
      </td>
      <td data-label="To" className="tx-to">
        <WalletCell wallet={tx.toWallet} name={tx.toName} photo={tx.toPhoto} />
      </td>
      <td data-label="Amount" className="num tx-amount">
        {formatCc(tx.amount, symbol)}
      </td>
      <td data-label="Time" className="tx-time">
        {formatDateTime(tx.timestamp)}
      </td>
      <td data-label="Transaction" className="tx-hash">
        <code className="mono" title={tx.txHash} data-testid="tx-hash">
          {shortAddress(tx.txHash)}
        </code>
      </td>
    </tr>
  );
}

function WalletCell({ wallet, name, photo }: { wallet: string; name: string | null; photo: string | null }) {
  return (
    <span className="archive-wallet" title={wallet}>
      <Avatar photo={photo} wallet={wallet} name={name ?? wallet} size={24} />
      <span className="archive-wallet-text">
        {name && <span className="archive-wallet-name">{name}</span>}
        <span className="mono">{shortAddress(wallet)}</span>
      </span>
    </span>
  );
}
