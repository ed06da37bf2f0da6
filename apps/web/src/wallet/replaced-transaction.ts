/**
 * Waiting for a transaction's receipt, viem answers with the receipt of whatever took its nonce: for a
 * transfer the class treasury relayed, another student's payment (every relayed transfer has the treasury
 * as sender), which read as this transfer's success. Only the same transfer sent again with a higher fee
 * ("repriced": a wallet's speed-up) is this one.
 */
import { messages } from "@classcoin/shared/messages";

/**
 * How long a page waits for a receipt, the hash on screen: not viem's 3 minutes, after which a transfer
 * still pending (a Sepolia fee spike) read as failed, and a student sending again paid twice.
 */
export const RECEIPT_TIMEOUT_MS = 30 * 60_000;

/** Pass `onReplaced` to `waitForTransactionReceipt`; `check()` after it throws if the transfer was not mined. */
export function replacementWatch() {
  let reason: "replaced" | "repriced" | "cancelled" | undefined;
  return {
    onReplaced: (replacement: { reason: "replaced" | "repriced" | "cancelled" }) => {
      reason = replacement.reason;
    },
    check(): void {
      if (reason !== undefined && reason !== "repriced") throw new Error(messages.wallet.transactionReplaced);
    },
  };
}
