/**
 * "Add a wallet" for a wallet already on the whitelist. Its grant's text tells the instructor to add the wallet
 * again when a part was not sent (the treasury was short of ETH, the RPC failed), but only the roster form did
 * anything with a listed wallet; this form answered 409 "already on the whitelist" and sent nothing. Now the
 * grant's unfinished part is sent (never twice: welcome-grant.ts), and a wallet listed before grants existed
 * gets its one grant. With nothing to send the answer stays the 409.
 */

import type { WhitelistEntry } from "@classcoin/shared/entities";
import { messages } from "@classcoin/shared/messages";
import type { WelcomeGrant } from "@classcoin/shared/treasury";
import { eq } from "drizzle-orm";
import type { AdminGrant } from "../../auth/admin";
import { whitelist } from "../../db/schema";
import type { AppDeps } from "../../deps";
import { toEntry } from "./service";
import { claimWelcomeGrants, readWelcomeGrants, sendWelcomeGrantsAfterAdding, welcomeAmounts } from "./welcome-grant";

/** Something of the grant may still be sent: a part not sent, one that failed or is open, ETH skipped for want of it. */
function stillDue(grant: WelcomeGrant): boolean {
  return grant.state !== "paid" || grant.ethSkipped === messages.treasury.welcomeEthSkippedNoFunds;
}

export async function sendGrantOfListedWallet(
  deps: AppDeps,
  grant: AdminGrant,
  wallet: string,
): Promise<
  { entry: WhitelistEntry; grant: WelcomeGrant | null; notSent: string | null; sentNow: boolean } | undefined
> {
  const { db } = deps.database;
  const [existing] = await readWelcomeGrants(db, [wallet]);
  const { ccWei, ethWei } = welcomeAmounts(deps);
  const claimable = wallet !== deps.config.adminWallet.toLowerCase() && (ccWei > 0n || ethWei > 0n);
  if (existing ? !stillDue(existing) : !claimable) return undefined;
  const entry = await db.transaction(async (tx) => {
    // The signed call is used here, so it cannot be sent again to repeat this.
    await grant.consume(tx);
    if (!existing) await claimWelcomeGrants(tx, deps, [wallet]);
    const [row] = await tx.select().from(whitelist).where(eq(whitelist.wallet, wallet));
    return row ? toEntry(row) : undefined;
  });
  if (!entry) return undefined; // removed meanwhile: the 409 stands
  const { grants, notSent } = await sendWelcomeGrantsAfterAdding(deps, [wallet]);
  const now = grants[0] ?? null;
  // Whether this call sent something: a grant only waited for (another request's, still being mined) was not.
  const sentNow =
    !existing || (now !== null && (now.ccTxHash !== existing.ccTxHash || now.ethTxHash !== existing.ethTxHash));
  return { entry, grant: now, notSent, sentNow };
}
