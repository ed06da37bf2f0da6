/** One line per welcome grant for the admin (issue 14): what was sent, or why not yet. */
import { messages } from "@classcoin/shared/messages";
import type { WelcomeGrant } from "@classcoin/shared/treasury";

export function grantSummary(grant: WelcomeGrant): string {
  const coin =
    grant.eth !== "0" ? ` and ${grant.eth} ETH for gas` : grant.ethSkipped ? ` (no ETH: ${grant.ethSkipped})` : "";
  // ETH skipped for want of it is still owed: say how to send it (before: the line read as final).
  const owed = grant.ethSkipped === messages.treasury.welcomeEthSkippedNoFunds;
  if (grant.state === "paid") {
    return `Welcome grant sent: ${grant.cc} CC${coin}.${owed ? " Send the treasury some ETH, then add the wallet again to send its ETH." : ""}`;
  }
  if (grant.state === "unsent")
    return `Welcome grant of ${grant.cc} CC${coin} not sent yet; add the wallet again to send it (never paid twice).`;
  if (grant.state === "pending") return `Welcome grant of ${grant.cc} CC${coin} sent, not confirmed yet.`;
  return `Welcome grant of ${grant.cc} CC${coin} failed; add the wallet again to retry (never paid twice).`;
}
