/** The forum's rows of the spec's error catalogue (§8 "Post", "Vote"). */
import type { PublicConfig } from "@classcoin/shared/api-meta";
import { messages } from "@classcoin/shared/messages";
import { ApiError } from "../../lib/api-client";
import { writeErrorText } from "../../wallet/write-errors";

export function postErrorText(error: unknown, config: PublicConfig): string {
  const text = writeErrorText(error, config, messages.post.connect);
  if (text) return text;
  if (error instanceof ApiError) {
    if (error.errors?.length) return messages.catalogue.postValidation + error.errors.join(", ");
    return messages.catalogue.postFailed + error.message;
  }
  return messages.catalogue.postError;
}

export function voteErrorText(error: unknown, config: PublicConfig): string {
  const text = writeErrorText(error, config, messages.vote.connect);
  if (text) return text;
  if (error instanceof ApiError) {
    if (error.errors?.length) return messages.catalogue.voteValidation + error.errors.join(", ");
    return messages.catalogue.voteFailed + error.message;
  }
  return messages.catalogue.voteError;
}
