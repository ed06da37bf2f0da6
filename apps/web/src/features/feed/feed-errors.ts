/** Alerts for posting to the Feed, in the words of the spec's post rows (§8). */
import type { PublicConfig } from "@classcoin/shared/api-meta";
import { messages } from "@classcoin/shared/messages";
import { ApiError } from "../../lib/api-client";
import { writeErrorText } from "../../wallet/write-errors";

export function feedErrorText(error: unknown, config: PublicConfig): string {
  const text = writeErrorText(error, config, messages.feed.connect);
  if (text) return text;
  if (error instanceof ApiError) {
    if (error.errors?.length) return messages.feed.validation + error.errors.join(", ");
    return messages.feed.failed + error.message;
  }
  return messages.feed.error;
}
