/**
 * Whether the relay would take a gasless transfer of this wallet now (`GET /api/relay/allowance`), and if
 * not, the reason the page shows instead of offering one: /wallet offered "Send without gas" to a student who
 * had used their day's transfers, and only the refusal after the signature said so.
 */
import { authEndpoints } from "@classcoin/shared/endpoints/auth";
import { relayEndpoints } from "@classcoin/shared/endpoints/relay";
import type { RelayAllowance } from "@classcoin/shared/gasless";
import { messages } from "@classcoin/shared/messages";
import { callApi } from "../lib/api-client";

/**
 * The allowance of `wallet`, or null when this browser has no session of it: the allowance is read for the
 * session's wallet only, and the page does not ask for a signature just to read it (the first "Send without
 * gas" signs in, and the page reads it then).
 */
export async function readGaslessAllowance(wallet: string): Promise<RelayAllowance | null> {
  // Asked first so that a page without a session logs no 401.
  if ((await callApi(authEndpoints.session)).wallet !== wallet.toLowerCase()) return null;
  return callApi(relayEndpoints.allowance);
}

/** "14:05", or "14:05 tomorrow" when that is not today on the page's clock. */
export function clockTime(at: Date, now: Date): string {
  const time = at.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  return at.toDateString() === now.toDateString() ? time : `${time} tomorrow`;
}

/** Why a gasless transfer would be refused now, or null when it would be taken (or it is not known). */
export function gaslessUnavailable(allowance: RelayAllowance | null, now = new Date()): string | null {
  if (!allowance) return null;
  if (allowance.gasless === "off") return messages.relay.off;
  const at = allowance.nextAt ? clockTime(new Date(allowance.nextAt), now) : "";
  if (allowance.remaining === 0) return messages.relay.usedToday(allowance.dailyLimit, at);
  if (allowance.classRemaining === 0) return messages.relay.classUsedToday(allowance.classDailyLimit, at);
  if (allowance.gasless === "paused") return messages.relay.paused;
  return null;
}
