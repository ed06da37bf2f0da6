import { messages } from "@classcoin/shared/messages";

/**
 * The catalogue's "Waiting for transaction … to be mined." with the hash in place, so the hash can be a link
 * to the chain's explorer when there is one (`PublicConfig.blockExplorerUrl`).
 */
export function PendingTransactionText({ hash, explorerUrl }: { hash: string; explorerUrl: string | null }) {
  const [before, after] = messages.wallet.pendingTransaction("\u0000").split("\u0000");
  return (
    <>
      {before}
      {explorerUrl ? (
        <a href={`${explorerUrl.replace(/\/$/, "")}/tx/${hash}`} target="_blank" rel="noreferrer" className="hash">
          {hash}
        </a>
      ) : (
        <code className="hash">{hash}</code>
      )}
      {after}
    </>
  );
}
