/**
 * The session wallet's own roster entry and welcome grant (`GET /api/whitelist/me`), worded for the student: the
 * admin's grant states (welcome-grant.ts) say which payment stands where; the student needs to know whether
 * CC is coming, came, or will not come until the instructor acts.
 */
import { messages } from "@classcoin/shared/messages";
import type { OwnGrantState, RosterSelf } from "@classcoin/shared/roster-self";
import type { WelcomeGrant } from "@classcoin/shared/treasury";
import type { Db } from "../../db/client";
import { isWhitelisted } from "./service";
import { readWelcomeGrants } from "./welcome-grant";

function ownState(grant: WelcomeGrant): OwnGrantState {
  switch (grant.state) {
    case "paid":
      return grant.ethSkipped === messages.treasury.welcomeEthSkippedNoFunds ? "ethOwed" : "paid";
    case "pending":
      return "underWay";
    // `unsent`: the add committed the claim but its send failed (the treasury could not pay the gas); it
    // stays unsent until the instructor adds the wallet again.
    case "unsent":
    case "failed":
      return "failed";
  }
}

/** `wallet`: the session's (lowercased). A grant kept after a removal from the roster is not shown. */
export async function readRosterSelf(db: Db, wallet: string): Promise<RosterSelf> {
  if (!(await isWhitelisted(db, wallet))) return { wallet, listed: false, grant: null };
  const [grant] = await readWelcomeGrants(db, [wallet]);
  if (!grant) return { wallet, listed: true, grant: null };
  return {
    wallet,
    listed: true,
    grant: {
      state: ownState(grant),
      cc: grant.cc,
      eth: grant.eth,
      ccTxHash: grant.ccTxHash,
      ethTxHash: grant.ethTxHash,
    },
  };
}
