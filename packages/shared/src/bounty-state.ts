/**
 * One definition of an active bounty, for every count and list (/bounties, home, the admin dashboard): its
 * status is active and the instructor has not crossed it out. A crossed-out bounty keeps its status but is
 * no longer on offer.
 */
import type { Bounty } from "./entities";

export function isActiveBounty(bounty: Pick<Bounty, "status" | "crossedOut">): boolean {
  return bounty.status === "active" && !bounty.crossedOut;
}
