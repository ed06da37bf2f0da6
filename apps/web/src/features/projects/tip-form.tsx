/**
 * The send-ClassCoin box on other people's entries (spec §5 "Send ClassCoin"): amount (min 1, max the
 * balance) and Send. A pending notice with the transaction hash stays until the transfer is mined.
 */

import type { Project } from "@classcoin/shared/entities";
import { messages } from "@classcoin/shared/messages";
import { type FormEvent, useId, useRef, useState } from "react";
import { useAlert } from "../../ui/alerts";
import { PendingTransactionText } from "../../ui/pending-transaction";
import { useCcBalance } from "../../wallet/use-cc-balance";
import { useWallet } from "../../wallet/use-wallet";
import { useWalletSetup } from "../../wallet/wallet-context";
import { GASLESS_TIP_REASON_ID, useGaslessTipBlock } from "./api/gasless-tip";
import type { PendingTip } from "./api/pending-tips";
import { useSendCoin } from "./api/send-coin";
import { tipErrorText, validateTip } from "./tip-errors";

/** `resumed`: a tip to this project sent before the page was reloaded, still waiting for its block. */
export function TipForm({ project, resumed }: { project: Project; resumed?: PendingTip | undefined }) {
  const { config } = useWalletSetup();
  const { wallet } = useWallet();
  const balance = useCcBalance();
  const send = useSendCoin();
  const gaslessBlock = useGaslessTipBlock();
  const alert = useAlert();
  const inputId = useId();
  const [amount, setAmount] = useState("");
  // Set at once, not at the next render as `isPending` is: the second click of a double click, before the
  // button is disabled, sent a second transfer.
  const sending = useRef(false);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (sending.current || gaslessBlock) return;
    const problem = validateTip({
      amount,
      balance: balance.amount,
      fromWallet: wallet ?? "",
      toWallet: project.authorWallet,
    });
    if (problem) {
      void alert(problem);
      return;
    }
    const value = Number(amount.trim());
    sending.current = true;
    send.mutate(
      { toWallet: project.authorWallet, amount: value, projectId: project._id, projectNumber: project.projectNumber },
      {
        onSuccess: () => {
          setAmount("");
          void alert(messages.catalogue.sendSuccess(value));
        },
        onError: (error) => {
          const text = tipErrorText(error, config);
          if (text === null) return;
          console.error("Sending ClassCoin failed", error);
          void alert(text);
        },
        onSettled: () => {
          sending.current = false;
        },
      },
    );
  };

  const max = balance.amount;
  const waitingHash = send.pendingHash ?? resumed?.txHash ?? null;
  const busy = send.isPending || resumed !== undefined;
  return (
    <form className="tip-form" onSubmit={onSubmit} noValidate>
      <label htmlFor={inputId} className="visually-hidden">
        Amount of {config.productSymbol} to send to {project.authorName}
      </label>
      <div className="tip-row">
        <input
          id={inputId}
          type="number"
          inputMode="decimal"
          min={1}
          max={max}
          step="any"
          placeholder={`Amount (${config.productSymbol})`}
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          disabled={busy}
        />
        <button
          type="submit"
          className="button"
          disabled={busy || balance.amount === undefined || !!gaslessBlock}
          // Why it is disabled: said once above the cards (submission-grid.tsx).
          aria-describedby={gaslessBlock && !busy ? GASLESS_TIP_REASON_ID : undefined}
        >
          {busy ? "Sending…" : "Send"}
        </button>
      </div>
      {waitingHash && <PendingNotice hash={waitingHash} explorerUrl={config.blockExplorerUrl} />}
    </form>
  );
}

function PendingNotice({ hash, explorerUrl }: { hash: `0x${string}`; explorerUrl: string | null }) {
  return (
    <p className="pending-notice" role="status" data-testid="tip-pending">
      <PendingTransactionText hash={hash} explorerUrl={explorerUrl} />
    </p>
  );
}
