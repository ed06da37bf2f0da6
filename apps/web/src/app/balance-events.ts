/**
 * Which live events may have changed the connected wallet's CC balance, so its tab reads it again. On Sepolia
 * this is how a student sees CC arrive before the indexer's confirmations (about 30 s) or the minute's
 * fallback read (wallet/balance-reader.tsx).
 */
import type { LiveEvent } from "@classcoin/shared/live-events";

export function balanceMayHaveChanged(event: LiveEvent, wallet: string | undefined): boolean {
  if (wallet === undefined) return false;
  const touches = (...wallets: (string | null)[]) => wallets.includes(wallet);
  switch (event.type) {
    case "tip":
      return touches(event.fromWallet, event.toWallet);
    case "transactions":
      return event.wallets === null || touches(...event.wallets);
    case "balances":
      // No wallets listed: a Deploy ClassCoin run, which paid the whole class.
      return event.wallets.length === 0 || touches(...event.wallets);
    case "award":
    case "bounty.completed":
      return touches(event.wallet);
    case "sync":
      return true;
    default:
      return false;
  }
}
