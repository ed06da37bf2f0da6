/** A transaction in the admin panel: its short hash, linked to the chain's block explorer when it has one. */
import { shortAddress } from "../../ui/short-address";
import { useWalletSetup } from "../../wallet/wallet-context";

export function TxLink({ hash }: { hash: string }) {
  const { config } = useWalletSetup();
  if (!config.blockExplorerUrl) {
    return (
      <code className="mono" title={hash}>
        {shortAddress(hash)}
      </code>
    );
  }
  return (
    <a href={`${config.blockExplorerUrl.replace(/\/$/, "")}/tx/${hash}`} target="_blank" rel="noreferrer" title={hash}>
      {shortAddress(hash)}
    </a>
  );
}
