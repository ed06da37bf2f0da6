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

/** A paused relay (the treasury low) is asked again this often: the instructor may top it up meanwhile. */
const PAUSED_RECHECK_MS = 60_000;

/**
 * When to read the allowance again while a gasless transfer would be refused, or null: just after `nextAt` (a
 * transfer of the window leaves it), or in a minute while the relay is paused. Before, the page kept "Send"
 * disabled past the time it named, until a reload.
 */
export function recheckInMs(allowance: RelayAllowance | null, now = new Date()): number | null {
  if (!allowance || gaslessUnavailable(allowance, now) === null || allowance.gasless === "off") return null;
  if ((allowance.remaining === 0 || allowance.classRemaining === 0) && allowance.nextAt) {
    return Math.max(Date.parse(allowance.nextAt) - now.getTime(), 0) + 1_000;
  }
  return allowance.gasless === "paused" ? PAUSED_RECHECK_MS : null;
}
