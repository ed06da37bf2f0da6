/** The forum's rows of the spec's error catalogue (§8 "Post", "Vote"). */
import type { PublicConfig } from "@classcoin/shared/api-meta";
import { messages } from "@classcoin/shared/messages";
import { ApiError, NetworkError } from "../../wallet/api-request";
import { ChainSwitchError, NotConnectedError, SignatureError } from "../../wallet/write-errors";

function common(error: unknown, config: PublicConfig, notConnected: string): string | null {
  if (error instanceof NotConnectedError) return notConnected;
  if (error instanceof ChainSwitchError) return messages.chain.switchPlatform(config.chainName);
  if (error instanceof SignatureError) return messages.catalogue.signature;
  if (error instanceof NetworkError) return messages.catalogue.network;
  return null;
}

export function postErrorText(error: unknown, config: PublicConfig): string {
  const text = common(error, config, messages.post.connect);
  if (text) return text;
  if (error instanceof ApiError) {
    if (error.errors?.length) return messages.catalogue.postValidation + error.errors.join(", ");
    return messages.catalogue.postFailed + error.message;
  }
  return messages.catalogue.postError;
}

export function voteErrorText(error: unknown, config: PublicConfig): string {
  const text = common(error, config, messages.vote.connect);
  if (text) return text;
  if (error instanceof ApiError) {
    if (error.errors?.length) return messages.catalogue.voteValidation + error.errors.join(", ");
    return messages.catalogue.voteFailed + error.message;
  }
  return messages.catalogue.voteError;
}
