/** What the connect dialog says when a wallet did not connect. */
import { messages } from "@classcoin/shared/messages";
import { ResourceUnavailableRpcError } from "viem";
import { errorChain } from "./user-rejection";

/**
 * A wallet whose window is still open refuses another request (-32002, "already pending"): the person must
 * answer there, which "try again" alone does not tell them.
 */
export function connectErrorText(error: unknown, wallet: string): string {
  for (const e of errorChain(error)) {
    if (e instanceof ResourceUnavailableRpcError || e.code === ResourceUnavailableRpcError.code) {
      return messages.wallet.connectAlreadyOpen(wallet);
    }
  }
  return messages.wallet.connectFailed(wallet);
}
