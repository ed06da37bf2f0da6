/** Alerts for a prediction that could not be saved. */
import type { PublicConfig } from "@classcoin/shared/api-meta";
import { messages } from "@classcoin/shared/messages";
import { ApiError } from "../../lib/api-client";
import { writeErrorText } from "../../wallet/write-errors";

export function predictionErrorText(error: unknown, config: PublicConfig): string {
  const text = writeErrorText(error, config, messages.prediction.connect);
  if (text) return text;
  if (error instanceof ApiError) {
    // The lock's own sentence stands alone, as the original shows it.
    if (error.status === 409) return error.message;
    return messages.prediction.failed + (error.errors?.join(", ") || error.message);
  }
  return messages.prediction.error;
}
