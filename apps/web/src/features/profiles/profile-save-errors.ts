/** The profile form's rows of the spec's error catalogue (§8 "Profile save"). */
import type { PublicConfig } from "@classcoin/shared/api-meta";
import { messages } from "@classcoin/shared/messages";
import { ApiError, NetworkError } from "../../lib/api-client";
import { isWrongChain, SignatureError } from "../../wallet/write-errors";

/** Spec §8 "Profile save": the alert text (and title) for a failed save. */
export function profileSaveErrorAlert(error: unknown, config: PublicConfig): { text: string; title?: string } {
  if (error instanceof ApiError) {
    if (error.errors?.length) return { text: `${messages.catalogue.profileValidation}\n${error.errors.join("\n")}` };
    if (error.status === 403 && /whitelist/i.test(error.message)) {
      return { title: messages.catalogue.profileRestrictedTitle, text: messages.profile.whitelist };
    }
    return { text: messages.catalogue.profileSaveError + error.message };
  }
  if (isWrongChain(error)) return { text: messages.chain.switchPlatform(config.chainName) };
  if (error instanceof NetworkError) return { text: messages.catalogue.network };
  if (error instanceof SignatureError) return { text: messages.catalogue.signature };
  return { text: messages.catalogue.unexpected };
}
