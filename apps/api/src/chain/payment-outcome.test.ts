/**
 * What an instructor reads when a treasury payment could not be sent: the node's reason, not only viem's class
 * of error ("Transaction creation failed." whatever the node said; a rehearsal's roster answered only that).
 */
import { messages } from "@classcoin/shared/messages";
import { BaseError } from "viem";
import { describe, expect, it } from "vitest";
import type { HttpError } from "../http-errors";
import { nodeWords, sendError } from "./payment-outcome";

describe("a payment the node refused", () => {
  it("is said with the node's words", () => {
    const refused = new BaseError("Transaction creation failed.", {
      details: "max fee per gas less than block base fee",
    });
    expect(nodeWords(refused)).toBe("Transaction creation failed. max fee per gas less than block base fee");
    const answer = sendError(refused) as HttpError;
    expect([answer.statusCode, answer.message]).toEqual([
      502,
      messages.treasury.paymentSendFailed("Transaction creation failed. max fee per gas less than block base fee"),
    ]);
  });

  it("keeps a message that already holds the details, or has none", () => {
    expect(nodeWords(new BaseError("nonce too low", { details: "nonce too low" }))).toBe("nonce too low");
    expect(nodeWords(new Error("socket hang up"))).toBe("socket hang up");
  });
});
