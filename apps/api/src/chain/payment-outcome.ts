/**
 * What a caller of a treasury payment answers: the payment settled (mined), still pending, or failed, and the
 * reason a send could not start. Shared by every feature that pays (bounties, awards, the roster).
 */
import { TOKEN_DECIMALS } from "@classcoin/shared/constants";
import { messages } from "@classcoin/shared/messages";
import { formatEther, parseUnits } from "viem";
import { HttpError } from "../http-errors";
import { type PaymentStatus, TreasuryOutOfGas } from "./treasury-payments";

/** 502 for a payment that is not (yet) paid: pending (its hash named), reverted or dropped (nothing paid). */
export function unpaidError(status: Exclude<PaymentStatus, "mined">, hash: string): HttpError {
  const t = messages.treasury;
  return new HttpError(
    502,
    status === "signed" ? t.paymentPending(hash) : status === "dropped" ? t.paymentDropped : t.paymentFailed,
  );
}

/** A failure while signing or broadcasting that is not the caller's (RPC, funds): 502 with its first line. */
export function sendError(error: unknown): unknown {
  if (error instanceof HttpError) return error;
  if (error instanceof TreasuryOutOfGas) {
    const text = error.queued
      ? messages.treasury.treasuryOutOfGasQueued(outOfGas(error), error.hashes.join(", "))
      : messages.treasury.treasuryOutOfGas(outOfGas(error));
    return new HttpError(503, text, undefined, undefined, error);
  }
  return new HttpError(
    502,
    messages.treasury.paymentSendFailed(firstLine(nodeWords(error))),
    undefined,
    undefined,
    error,
  );
}

/**
 * What the node said, not viem's class of error: a refused broadcast is viem's "Transaction creation failed."
 * whatever the reason, while its `details` holds the node's words ("max fee per gas less than block base fee",
 * "replacement transaction underpriced"), the one thing an instructor or operator can act on.
 */
export function nodeWords(error: unknown): string {
  const e = error as { shortMessage?: string; details?: string; message?: string } | undefined;
  if (e?.shortMessage && e.details && !e.shortMessage.includes(e.details)) return `${e.shortMessage} ${e.details}`;
  return e?.shortMessage ?? e?.message ?? String(error);
}

/** Why the treasury could not pay, as the instructor reads it (what to do included). */
export function outOfGas(error: TreasuryOutOfGas): string {
  return messages.treasury.treasuryOutOfGasCause(error.address, formatEther(error.balanceWei));
}

/** Whole (or decimal) CC as base units, without going through exponent notation. */
export function ccToWei(amount: number): bigint {
  if (!Number.isFinite(amount) || amount < 0) throw new Error(`not an amount of CC: ${amount}`);
  return parseUnits(amount.toLocaleString("en-US", { useGrouping: false, maximumFractionDigits: 18 }), TOKEN_DECIMALS);
}

/** The first line of a message, without control characters (a revert's raw data can hold NUL bytes), cut to 300. */
export function firstLine(text: string): string {
  const line = text.split("\n")[0] ?? "";
  return [...line]
    .filter((c) => c >= " " && c !== "\u007f")
    .join("")
    .slice(0, 300);
}
