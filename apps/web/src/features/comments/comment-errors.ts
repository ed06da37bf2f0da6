/** Alerts for comment writes, in the words of the spec's post and vote rows (§8). */
import type { PublicConfig } from "@classcoin/shared/api-meta";
import { messages } from "@classcoin/shared/messages";
import { ApiError } from "../../lib/api-client";
import { catalogueErrorText, voteCatalogueRow, writeErrorText } from "../../wallet/write-errors";

export const commentErrorText = (error: unknown, config: PublicConfig): string =>
  catalogueErrorText(error, config, {
    connect: messages.comment.connect,
    validation: messages.comment.validation,
    failed: messages.comment.failed,
    fallback: messages.comment.error,
  });

export const commentVoteErrorText = (error: unknown, config: PublicConfig): string =>
  catalogueErrorText(error, config, voteCatalogueRow);

export function commentDeleteErrorText(error: unknown, config: PublicConfig): string {
  const text = writeErrorText(error, config, messages.comment.connect);
  if (text) return text;
  if (error instanceof ApiError) return messages.comment.deleteFailed + error.message;
  return messages.comment.error;
}
