/** Alerts for comment writes, in the words of the spec's post and vote rows (§8). */
import type { PublicConfig } from "@classcoin/shared/api-meta";
import { messages } from "@classcoin/shared/messages";
import { ApiError } from "../../lib/api-client";
import { writeErrorText } from "../../wallet/write-errors";

export function commentErrorText(error: unknown, config: PublicConfig): string {
  const text = writeErrorText(error, config, messages.comment.connect);
  if (text) return text;
  if (error instanceof ApiError) {
    if (error.errors?.length) return messages.comment.validation + error.errors.join(", ");
    return messages.comment.failed + error.message;
  }
  return messages.comment.error;
}

export function commentVoteErrorText(error: unknown, config: PublicConfig): string {
  const text = writeErrorText(error, config, messages.vote.connect);
  if (text) return text;
  if (error instanceof ApiError) {
    if (error.errors?.length) return messages.catalogue.voteValidation + error.errors.join(", ");
    return messages.catalogue.voteFailed + error.message;
  }
  return messages.catalogue.voteError;
}

export function commentDeleteErrorText(error: unknown, config: PublicConfig): string {
  const text = writeErrorText(error, config, messages.comment.connect);
  if (text) return text;
  if (error instanceof ApiError) return messages.comment.deleteFailed + error.message;
  return messages.comment.error;
}
