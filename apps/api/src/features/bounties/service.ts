/** The public bounty list: every bounty row (deletion is permanent), newest first. */
import type { Bounty } from "@classcoin/shared/entities";
import { desc } from "drizzle-orm";
import type { Db } from "../../db/client";
import { bounties } from "../../db/schema";

export async function listBounties(db: Db): Promise<Bounty[]> {
  const rows = await db.select().from(bounties).orderBy(desc(bounties.createdAt), desc(bounties.id));
  return rows.map((row) => ({
    _id: String(row.id),
    title: row.title,
    description: row.description,
    reward: row.reward,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    completedBy: row.completedBy,
    completedAt: row.completedAt ? row.completedAt.toISOString() : null,
    crossedOut: row.crossedOut,
  }));
}
