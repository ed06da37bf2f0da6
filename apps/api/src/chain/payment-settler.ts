/**
 * Settles the treasury payments nobody waits for any more: a request that gave up ("not mined yet"), a
 * server stopped mid-payment. Every `everyMs`, each payment still `signed` is settled from the chain (mined,
 * reverted, dropped, or re-broadcast: treasury-payments.ts), then `after` brings the features' own rows in
 * line (a bounty whose reward was mined is completed). Without it such a payment stayed `signed` until
 * someone repeated the request, and a bounty whose reward was paid still showed as active.
 *
 * Every instance may run it: a payment's status changes only from `signed`, once, and the follow-ups are
 * idempotent updates.
 */
import type { Db } from "../db/client";
import type { MinedLate, SettleLog, TreasuryPayments } from "./treasury-payments";

export interface PaymentSettlerOptions {
  payments: Pick<TreasuryPayments, "settleOpen">;
  db: Db;
  everyMs: number;
  /** Each round's follow-ups, with the payments it found mined. */
  after?: ((db: Db, mined: MinedLate[]) => Promise<void>)[];
  log?: SettleLog;
}

/** Settles once (start-up), then every `everyMs`; resolves `stop()` after a round in progress. */
export function startPaymentSettler(options: PaymentSettlerOptions): { stop(): Promise<void> } {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<void> = Promise.resolve();

  async function settleRound(): Promise<void> {
    try {
      const mined = await options.payments.settleOpen(options.log ? { log: options.log } : {});
      for (const follow of options.after ?? []) await follow(options.db, mined);
    } catch (error) {
      // The chain or the database is away: the next round tries again.
      options.log?.warn(
        `Settling open treasury payments failed (tried again in ${options.everyMs / 1000} s): ${String((error as Error)?.message ?? error)}`,
      );
    }
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      round = settleRound().finally(schedule);
    }, options.everyMs);
    timer.unref();
  }

  round = settleRound().finally(schedule);
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await round;
    },
  };
}
