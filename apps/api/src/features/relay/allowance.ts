/**
 * What the session's wallet may still relay today (`GET /api/relay/allowance`), by the rules the relay itself
 * applies (service.ts): its own and the class's counts over the last 24 hours, and the treasury against its
 * reserve. Before, /wallet offered "Send without gas" to a student who had used their day's transfers, and
 * only the refusal after signing said so.
 */
import type { RelayAllowance, TreasuryStanding } from "@classcoin/shared/gasless";
import type { AppDeps } from "../../deps";
import { relayWindow } from "./daily-count";
import { DEFAULT_CLASS_DAILY_LIMIT, treasuryStanding } from "./service";

/**
 * How long one read of the treasury answers every allowance asked meanwhile. Any wallet signs in and /wallet
 * asks on each visit, transfer and minute: read per call, it cost the metered RPC plan four calls each
 * (block number, the treasury's nonce twice, its balance), and a signed-in loop spent them without end
 * (security/rpc-metering.test.ts). The relay itself still reads the treasury before each transfer, so a
 * standing a few seconds old only delays "paused" or "on" on the page by that much.
 */
export const TREASURY_STANDING_MEMO_MS = 5_000;

const standings = new WeakMap<AppDeps, { at: number; standing: Promise<TreasuryStanding> }>();

/** The treasury's standing, read at most once per TREASURY_STANDING_MEMO_MS per app, concurrent asks sharing it. */
function memoizedStanding(deps: AppDeps): Promise<TreasuryStanding> {
  const now = Date.now();
  const memo = standings.get(deps);
  if (memo && now - memo.at < TREASURY_STANDING_MEMO_MS) return memo.standing;
  const standing = treasuryStanding(deps);
  standings.set(deps, { at: now, standing });
  // A failed read is not kept: the next ask tries the chain again.
  standing.catch(() => {
    if (standings.get(deps)?.standing === standing) standings.delete(deps);
  });
  return standing;
}

export async function relayAllowance(deps: AppDeps, wallet: string): Promise<RelayAllowance> {
  const dailyLimit = deps.config.relayDailyLimit ?? 50;
  const classDailyLimit = deps.config.relayClassDailyLimit ?? DEFAULT_CLASS_DAILY_LIMIT;
  const [own, whole] = await deps.database.db.transaction(async (tx) => [
    await relayWindow(tx, wallet.toLowerCase()),
    await relayWindow(tx),
  ]);
  const { gasless } = await memoizedStanding(deps);
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
