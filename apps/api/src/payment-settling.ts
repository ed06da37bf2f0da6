/**
 * The server's payment settler (chain/payment-settler.ts) with the follow-ups of what it settles: a bounty
 * whose reward was mined after its request gave up is completed and announced (its student notified), a
 * dropped one frees the bounty; an award mined late is announced to its student.
 */
import { startPaymentSettler } from "./chain/payment-settler";
import { treasuryPaymentsOf } from "./chain/treasury-payments";
import type { App } from "./deps";
import { lateAwardEvents } from "./features/awards/late-awards";
import { settleBountyRewards } from "./features/bounties/settle-rewards";

/** Every 15 s on a local chain, every minute on Sepolia (a block is 12 s there; each round reads the chain). */
export function settlingInterval(chain: "local" | "sepolia"): number {
  return chain === "local" ? 15_000 : 60_000;
}

export function startAppPaymentSettler(app: App, options: { everyMs: number }): { stop(): Promise<void> } {
  return startPaymentSettler({
    payments: treasuryPaymentsOf(app.deps),
    db: app.deps.database.db,
    everyMs: options.everyMs,
    after: [
      async (db) => {
        for (const { id, title, reward, wallet, txHash } of await settleBountyRewards(db)) {
          await app.events.publish({ type: "bounty.completed", bountyId: String(id), wallet, title, reward, txHash });
        }
      },
      async (_db, mined) => {
        for (const event of lateAwardEvents(mined)) await app.events.publish(event);
      },
    ],
    log: app.log,
  });
}
