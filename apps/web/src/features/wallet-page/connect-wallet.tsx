import { messages } from "@classcoin/shared/messages";
import { DismissibleBanner } from "./dismissible-banner";

/** State 2 of spec §2. */
export function ConnectWallet({
  networkError,
  onConnect,
  onDismissNetworkError,
}: {
  networkError: string | null;
  onConnect: () => void;
  onDismissNetworkError: () => void;
}) {
  return (
    <section className="wallet-page-card wallet-page-center">
      {/* The connected screen's heading names the token; before that, a screen reader still gets a page title. */}
      <h1 className="visually-hidden">Token wallet</h1>
      {networkError && <DismissibleBanner text={networkError} onDismiss={onDismissNetworkError} />}
      <p className="wallet-page-lead">{messages.wallet.connectPrompt}</p>
      <button type="button" className="wallet-page-button wallet-page-button-large" onClick={onConnect}>
        {messages.wallet.connectButton}
      </button>
    </section>
  );
}
