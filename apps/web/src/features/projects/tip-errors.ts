/** The projects page's rows of the error catalogue (spec §5 "Send ClassCoin", §8 "Project submit", "Send coin"). */
import type { PublicConfig } from "@classcoin/shared/api-meta";
import { MIN_TIP } from "@classcoin/shared/constants";
import { messages } from "@classcoin/shared/messages";
import { ApiError } from "../../lib/api-client";
import { isDeclinedInWallet, isWrongChain, SignatureError, writeErrorText } from "../../wallet/write-errors";
import { TipAwaitsSignInError, TransferFailedError } from "./api/send-coin";

/** Spec §5 "Send ClassCoin": the first problem with a tip, or null when it may be sent. */
export function validateTip(input: {
  amount: string;
  balance: number | undefined;
  fromWallet: string;
  toWallet: string;
}): string | null {
  const text = input.amount.trim();
  const amount = Number(text);
  // A positive number of at least 1 (spec §5, §9), whole or not ("1.5"), as the server checks it.
  if (!/^\d+(\.\d+)?$|^\.\d+$/.test(text) || !Number.isFinite(amount) || amount < MIN_TIP) return messages.send.amount;
  if (input.balance === undefined || amount > input.balance) return messages.send.insufficient;
  if (input.fromWallet.toLowerCase() === input.toWallet.toLowerCase()) return messages.send.self;
  return null;
}

/**
 * The alert for a failed tip, or null when the person declined in the wallet (silently ignored, spec §4). A
 * refused network switch is said, with what to do: it used to count as a decline, and the tip silently did
 * not happen.
 */
export function tipErrorText(error: unknown, config: PublicConfig): string | null {
  if (isWrongChain(error)) return messages.send.wrongNetwork(config.chainName);
  if (isDeclinedInWallet(error)) return null;
  if (error instanceof TipAwaitsSignInError) return error.message;
  const text = writeErrorText(error, config, messages.post.connect);
  if (text) return text;
  if (error instanceof ApiError) return messages.catalogue.sendFailed + (error.errors?.join(", ") || error.message);
  if (error instanceof TransferFailedError) return messages.catalogue.sendFailed + error.message;
  return messages.catalogue.sendError;
}

export function submitErrorText(error: unknown, config: PublicConfig): string | null {
  if (isDeclinedInWallet(error) && !(error instanceof SignatureError)) return null;
  const text = writeErrorText(error, config, messages.post.connect);
  if (text) return text;
  if (error instanceof ApiError) return messages.catalogue.projectFailed + (error.errors?.join(", ") || error.message);
  return messages.catalogue.projectError;
}
