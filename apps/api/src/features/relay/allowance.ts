/**
 * What the session's wallet may still relay today (`GET /api/relay/allowance`), by the rules the relay itself
 * applies (service.ts): its own and the class's counts over the last 24 hours, and the treasury against its
 * reserve. Before, /wallet offered "Send without gas" to a student who had used their day's transfers, and
 * only the refusal after signing said so.
 */
import type { RelayAllowance } from "@classcoin/shared/gasless";
import type { AppDeps } from "../../deps";
import { relayWindow } from "./daily-count";
import { DEFAULT_CLASS_DAILY_LIMIT, treasuryStanding } from "./service";

export async function relayAllowance(deps: AppDeps, wallet: string): Promise<RelayAllowance> {
  const dailyLimit = deps.config.relayDailyLimit ?? 50;
  const classDailyLimit = deps.config.relayClassDailyLimit ?? DEFAULT_CLASS_DAILY_LIMIT;
  const [own, whole] = await deps.database.db.transaction(async (tx) => [
    await relayWindow(tx, wallet.toLowerCase()),
    await relayWindow(tx),
  ]);
  const { gasless } = await treasuryStanding(deps);
  const remaining = Math.max(dailyLimit - own.count, 0);
  const classRemaining = Math.max(classDailyLimit - whole.count, 0);
  // The later of the two when both are used up: before it, the relay still refuses.
  const frees = [remaining === 0 ? own.oldestLeavesAt : null, classRemaining === 0 ? whole.oldestLeavesAt : null]
    .filter((at): at is Date => at !== null)
    .map((at) => at.getTime());
  return {
    gasless,
    dailyLimit,
    remaining,
    classDailyLimit,
    classRemaining,
    nextAt: frees.length === 0 ? null : new Date(Math.max(...frees)).toISOString(),
  };
}
