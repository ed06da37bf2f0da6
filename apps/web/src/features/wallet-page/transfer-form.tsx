import { messages } from "@classcoin/shared/messages";
import { useId } from "react";
import { useAlert } from "../../ui/alerts";
import { checkTransferForm } from "./wallet-page-state";

/** The transfer form of spec §3 with the checks of spec §5 (alerts), then the transfer. */
export function TransferForm({
  symbol,
  balance,
  busy,
  onTransfer,
  onTransferWithoutGas,
  gaslessReason,
}: {
  symbol: string;
  /** The amount is checked against it before the wallet is asked. */
  balance: bigint;
  busy: boolean;
  onTransfer: (to: string, amount: string) => void;
  /** Issue 14: shown as "Send without gas" when the wallet cannot pay gas. */
  onTransferWithoutGas?: (to: string, amount: string) => void;
  /** Why the relay would refuse it now (the day's transfers used, the treasury low): shown instead of the button. */
  gaslessReason?: string | null;
}) {
  const alert = useAlert();
  const amountId = useId();
  const recipientId = useId();
  return (
    <form
      className="wallet-page-card wallet-page-form"
      aria-labelledby={`${amountId}-title`}
      onSubmit={(event) => {
        event.preventDefault();
        const data = new FormData(event.currentTarget);
        const check = checkTransferForm({
          amount: String(data.get("amount") ?? ""),
          recipient: String(data.get("recipient") ?? ""),
          balance,
          symbol,
        });
        const withoutGas = (event.nativeEvent as SubmitEvent).submitter?.getAttribute("name") === "without-gas";
        if (!check.ok) void alert(check.alert);
        else if (withoutGas && onTransferWithoutGas) onTransferWithoutGas(check.to, check.amount);
        else onTransfer(check.to, check.amount);
      }}
    >
      <h2 id={`${amountId}-title`}>Transfer</h2>
      <div className="wallet-page-field">
        <label htmlFor={amountId}>Amount of {symbol}</label>
        <input
          id={amountId}
          className="wallet-page-input"
          type="number"
          step="1"
          name="amount"
          placeholder="1"
          required
        />
      </div>
      <div className="wallet-page-field">
        <label htmlFor={recipientId}>Recipient address</label>
        <input
          id={recipientId}
          className="wallet-page-input wallet-page-mono"
          type="text"
          name="recipient"
          placeholder="0x..."
          autoComplete="off"
          spellCheck={false}
          required
        />
      </div>
      <button type="submit" className="wallet-page-button" disabled={busy}>
        Transfer
      </button>
      {onTransferWithoutGas && gaslessReason && (
        <div className="wallet-page-gasless" data-testid="gasless-unavailable">
          <p role="status">{gaslessReason}</p>
        </div>
      )}
      {onTransferWithoutGas && !gaslessReason && (
        <div className="wallet-page-gasless">
          <p>{messages.relay.noGasHint}</p>
          <button type="submit" name="without-gas" className="wallet-page-button" disabled={busy}>
            {messages.relay.sendWithoutGas}
          </button>
        </div>
      )}
    </form>
  );
}
