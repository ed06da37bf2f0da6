/**
 * Awards whose payment was found mined by the payment settler (chain/payment-settler.ts) after the admin's
 * request stopped waiting ("not mined yet"): the request announced nothing, so the student was never
 * notified. Their `award` events, as the route publishes them (notifications dedupe by transaction).
 */
import type { LiveEvent } from "@classcoin/shared/live-events";
import { ccFromWei } from "../../chain/balances";
import type { MinedLate } from "../../chain/treasury-payments";

export function lateAwardEvents(mined: MinedLate[]): Extract<LiveEvent, { type: "award" }>[] {
  return mined
    .filter((payment) => payment.kind === "award" && payment.toWallets[0] !== undefined)
    .map((payment) => ({
      type: "award" as const,
      wallet: payment.toWallets[0]!,
      amount: ccFromWei(payment.amountWei),
      note: payment.description ?? "",
      txHash: payment.txHash,
    }));
}
