/**
 * Tips (spec §7 `POST /api/projects/send-coin`): the tipper's wallet has already sent
 * `transfer(toWallet, amount)` on chain; the client then reports it with the transaction hash, and the
 * server records it once after checking the receipt.
 */
import { z } from "zod";
import { MIN_TIP } from "./constants";
import { messages } from "./messages";
import { idSchema, txHashSchema, walletSchema } from "./primitives";

export const sendCoinSchema = z.object({
  fromWallet: walletSchema,
  toWallet: walletSchema,
  /**
   * CC, at least 1 (spec §9) and not necessarily whole ("1.5"). The transfer on chain must be exactly
   * `parseUnits(String(amount), 18)`, so at most 18 decimals.
   */
  amount: z.coerce
    .number({ error: messages.send.amount })
    .min(MIN_TIP, messages.send.amount)
    .max(1e15, messages.send.amount)
    .refine((amount) => /^\d+(\.\d{1,18})?$/.test(String(amount)), messages.send.amount),
  projectId: idSchema,
  txHash: txHashSchema,
});
export type SendCoin = z.output<typeof sendCoinSchema>;

export const sendCoinResultSchema = z.object({
  success: z.literal(true),
  projectId: z.string(),
  totalReceived: z.number(),
  txHash: z.string(),
});
export type SendCoinResult = z.infer<typeof sendCoinResultSchema>;

/** Why a reported tip was refused (the server's answers; the client shows "Failed to send …: " + text). */
export const tipErrors = {
  notFound: "transaction not found",
  pending: "transaction is not mined yet; try again in a moment",
  failed: "transaction failed on chain",
  notClassCoin: "not a ClassCoin transfer",
  notToAuthor: "not a transfer to the author",
  amountMismatch: "amount does not match the transfer",
  notFromSender: "transfer was not sent by fromWallet",
  recipientNotAuthor: "toWallet is not the author of this project",
  projectArchived: "This project submission is archived and cannot receive tips",
  duplicate: "This tip has already been recorded",
  beforeSemester: "This transfer was made before the current semester started, so it cannot be reported as a tip now",
} as const;
