/** The forum's rows of the spec's error catalogue (§8 "Post", "Vote"). */
import type { PublicConfig } from "@classcoin/shared/api-meta";
import { messages } from "@classcoin/shared/messages";
import { catalogueErrorText, voteCatalogueRow } from "../../wallet/write-errors";

export const postErrorText = (error: unknown, config: PublicConfig): string =>
  catalogueErrorText(error, config, {
    connect: messages.post.connect,
    validation: messages.catalogue.postValidation,
    failed: messages.catalogue.postFailed,
    fallback: messages.catalogue.postError,
  });

export const voteErrorText = (error: unknown, config: PublicConfig): string =>
  catalogueErrorText(error, config, voteCatalogueRow);
