/**
 * One definition of an active bounty, for every count and list (/bounties, home, the admin dashboard): on
 * offer. Its status is active, the instructor has not crossed it out and has not completed it: a bounty whose
 * reward is being paid (`rewardTxHash`, until its block; a minute or more on a slow Sepolia) keeps its status
 * but is taken, and counted among the open ones it invited a claim it could not honour.
 */
import type { Bounty } from "./entities";

export function isActiveBounty(bounty: Pick<Bounty, "status" | "crossedOut" | "rewardTxHash">): boolean {
  return bounty.status === "active" && !bounty.crossedOut && !bounty.rewardTxHash;
}
