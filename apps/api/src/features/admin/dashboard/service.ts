/** The admin dashboard's counts (spec §3 "Dashboard"), each read in one statement per table. */
import type { Dashboard } from "@classcoin/shared/entities";
import { sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { bounties, posts, profiles, projects } from "../../../db/schema";

export async function readDashboard(db: Db, adminWallet: string): Promise<Dashboard> {
  const admin = adminWallet.toLowerCase();
  const [[p], [po], [b], [pr]] = await Promise.all([
    db
      .select({
        total: sql<number>`count(*)::int`,
        archived: sql<number>`count(*) filter (where ${profiles.archived})::int`,
        totalExcludingAdmin: sql<number>`count(*) filter (where ${profiles.wallet} <> ${admin})::int`,
      })
      .from(profiles),
    db
      .select({ total: sql<number>`count(*)::int`, hidden: sql<number>`count(*) filter (where ${posts.hidden})::int` })
      .from(posts),
    db
      .select({
        total: sql<number>`count(*)::int`,
        // As isActiveBounty (shared/bounty-state.ts): active, not crossed out, no reward being paid.
        active: sql<number>`count(*) filter (where ${bounties.status} = 'active' and not ${bounties.crossedOut} and ${bounties.rewardTxHash} is null)::int`,
      })
      .from(bounties),
    db
      .select({
        total: sql<number>`count(*)::int`,
        archived: sql<number>`count(*) filter (where ${projects.archived})::int`,
      })
      .from(projects),
  ]);
  return {
    profiles: { total: p?.total ?? 0, archived: p?.archived ?? 0, totalExcludingAdmin: p?.totalExcludingAdmin ?? 0 },
    posts: { total: po?.total ?? 0, hidden: po?.hidden ?? 0 },
    bounties: { total: b?.total ?? 0, active: b?.active ?? 0 },
    projects: { total: pr?.total ?? 0, archived: pr?.archived ?? 0 },
  };
}
