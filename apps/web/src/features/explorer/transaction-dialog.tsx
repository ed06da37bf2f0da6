/**
 * The details dialog: every field of one transaction, full addresses with Copy, the hash linked to the chain's
 * explorer when there is one. A modal <dialog>: the page behind is inert, focus stays inside, Escape closes.
 */
import type { Transaction } from "@classcoin/shared/entities";
import { messages } from "@classcoin/shared/messages";
import { type ReactNode, useId, useRef } from "react";
import { useAlert } from "../../ui/alerts";
import { Avatar } from "../../ui/avatar";
import { copyText } from "../../ui/copy-text";
import { formatDateTime } from "../../ui/dates";
import { useModalDialog } from "../../ui/use-modal-dialog";
import { useWalletSetup } from "../../wallet/wallet-context";
import { useTransaction } from "./api/get-transaction";
import { formatCc, statusClass, typeLabel } from "./format";

export function TransactionDialog({ summary, onClose }: { summary: Transaction; onClose: () => void }) {
  const closeRef = useRef<HTMLButtonElement>(null);
  const dialogRef = useModalDialog(closeRef);
  const titleId = useId();
  // The row already holds every field; the details call brings the freshest copy (status, names).
  const { data, isError } = useTransaction(summary._id);
  const tx = data ?? summary;

  return (
    <dialog
      ref={dialogRef}
      className="dialog tx-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClose={onClose}
    >
      <h2 id={titleId}>Transaction details</h2>
      {isError && <p className="muted small">Showing the list's copy: the details could not be loaded.</p>}
      <dl className="tx-details">
        <Row label="ID">{tx._id}</Row>
        <Row label="Type">{typeLabel(tx.type)}</Row>
        <Row label="Status">
          <span className={statusClass(tx.status)}>{tx.status}</span>
        </Row>
        <Row label="Amount">
          <TokenAmount amount={tx.amount} />
        </Row>
        <Row label="From">
          <FullWallet wallet={tx.fromWallet} name={tx.fromName} photo={tx.fromPhoto} />
        </Row>
        <Row label="To">
          <FullWallet wallet={tx.toWallet} name={tx.toName} photo={tx.toPhoto} />
        </Row>
        <Row label="Time">{formatDateTime(tx.timestamp)}</Row>
        <Row label="Description">{tx.description ?? "—"}</Row>
        <Row label="Transaction hash">
          <TxHash hash={tx.txHash} />
        </Row>
        {tx.blockNumber !== undefined && <Row label="Block">{tx.blockNumber.toLocaleString("en-US")}</Row>}
        {tx.logIndex !== undefined && <Row label="Log index">{tx.logIndex}</Row>}
      </dl>
      <div className="dialog-actions">
        <button ref={closeRef} type="button" className="button" onClick={onClose}>
          Close
        </button>
      </div>
    </dialog>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="tx-detail">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function TokenAmount({ amount }: { amount: number }) {
  const { config } = useWalletSetup();
  return <>{formatCc(amount, config.productSymbol)}</>;
}

function FullWallet({ wallet, name, photo }: { wallet: string; name: string | null; photo: string | null }) {
  const alert = useAlert();
  return (
    <span className="full-wallet">
      <Avatar photo={photo} wallet={wallet} name={name ?? wallet} size={28} />
      <span className="full-wallet-text">
        {name && <span className="wallet-name">{name}</span>}
        <code className="mono break">{wallet}</code>
      </span>
      <button
        type="button"
        className="button small secondary"
        aria-label={`Copy ${name ?? "wallet"} address`}
        onClick={async () => {
          if (await copyText(wallet)) void alert(messages.catalogue.copied);
        }}
      >
        Copy
      </button>
    </span>
  );
}

function TxHash({ hash }: { hash: string }) {
  const { config } = useWalletSetup();
  if (!config.blockExplorerUrl) return <code className="mono break">{hash}</code>;
  return (
    <a
      className="mono break"
      href={`${config.blockExplorerUrl.replace(/\/$/, "")}/tx/${hash}`}
      target="_blank"
      rel="noreferrer"
    >
      {hash}
    </a>
  );
}
