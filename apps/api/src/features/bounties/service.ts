/**
 * Bounties (spec §4): the list everyone sees (every row, newest first; deletion is permanent) and the admin's
 * writes: create, edit (and mark completed or cancelled), cross out/restore, delete.
 */
import type { CreateBounty, UpdateBounty } from "@classcoin/shared/admin";
import type { Bounty } from "@classcoin/shared/entities";
import { messages } from "@classcoin/shared/messages";
import { desc, eq } from "drizzle-orm";
import type { AdminGrant } from "../../auth/admin";
import type { Db, Tx } from "../../db/client";
import { bounties } from "../../db/schema";
import { conflict, notFound } from "../../http-errors";
import { liveRewardPayment } from "./reward-payment";

export const bountyNotFound = "Bounty not found";

type BountyRow = typeof bounties.$inferSelect;

export function toBounty(row: BountyRow): Bounty {
  return {
    _id: String(row.id),
    title: row.title,
    description: row.description,
    reward: row.reward,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    completedBy: row.completedBy,
    completedAt: row.completedAt ? row.completedAt.toISOString() : null,
    crossedOut: row.crossedOut,
    completedByWallet: row.completedByWallet,
    rewardTxHash: row.rewardTxHash,
  };
}

export async function listBounties(db: Db): Promise<Bounty[]> {
  const rows = await db.select().from(bounties).orderBy(desc(bounties.createdAt), desc(bounties.id));
  return rows.map(toBounty);
}

export async function createBounty(db: Db, grant: AdminGrant, input: CreateBounty): Promise<Bounty> {
  return db.transaction(async (tx) => {
    await grant.consume(tx);
    const [row] = await tx
      .insert(bounties)
      .values({ title: input.title, description: input.description, reward: input.reward })
      .returning();
    return toBounty(row!);
  });
}

export async function updateBounty(db: Db, grant: AdminGrant, input: UpdateBounty): Promise<Bounty> {
  const id = Number(input.bountyId);
  return db.transaction(async (tx) => {
    await grant.consume(tx);
    const [current] = await tx.select().from(bounties).where(eq(bounties.id, id)).for("update");
    if (!current) throw notFound(bountyNotFound);
    // A reward under way or paid fixes what it paid for (cancel and reopen refuse the same way): before, an
    // edit could cancel a bounty whose reward was then mined, or show a reward of 500 for 5 CC paid.
    const changes =
      (input.reward !== undefined && input.reward !== current.reward) ||
      (input.status !== undefined && input.status !== current.status) ||
      (input.completedBy !== undefined && input.completedBy !== current.completedBy);
    if (changes) await refuseIfRewarded(tx, id);
    const status = input.status ?? current.status;
    // Completion details belong to completed bounties only; completedAt keeps the first completion time.
    const completed = status === "completed";
    const completedBy = completed ? (input.completedBy !== undefined ? input.completedBy : current.completedBy) : null;
    const completedAt = completed ? (current.status === "completed" ? current.completedAt : new Date()) : null;
    const [row] = await tx
      .update(bounties)
      .set({
        title: input.title,
        description: input.description,
        reward: input.reward,
        status,
        completedBy,
        completedAt,
      })
      .where(eq(bounties.id, id))
      .returning();
    return toBounty(row!);
  });
}

export async function setBountyCrossedOut(
  db: Db,
  grant: AdminGrant,
  input: { bountyId: string; crossOut: boolean },
): Promise<Bounty> {
  return db.transaction(async (tx) => {
    await grant.consume(tx);
    const [row] = await tx
      .update(bounties)
      .set({ crossedOut: input.crossOut })
      .where(eq(bounties.id, Number(input.bountyId)))
      .returning();
    if (!row) throw notFound(bountyNotFound);
    return toBounty(row);
  });
}

/** Permanent: the row is gone (the client asks for confirmation first). */
export async function deleteBounty(db: Db, grant: AdminGrant, input: { bountyId: string }): Promise<void> {
  const id = Number(input.bountyId);
  await db.transaction(async (tx) => {
    await grant.consume(tx);
    const [current] = await tx.select({ id: bounties.id }).from(bounties).where(eq(bounties.id, id)).for("update");
    if (!current) throw notFound(bountyNotFound);
    // Not while its reward is under way: it would be paid with nothing left to say what for. A paid one may go
    // (its payment stays in the explorer, with the bounty's title).
    const live = await liveRewardPayment(tx, id);
    if (live?.status === "signed") throw conflict(messages.treasury.bountyPendingLocked(live.txHash));
    await tx.delete(bounties).where(eq(bounties.id, id));
  });
}

async function refuseIfRewarded(tx: Tx, id: number): Promise<void> {
  const live = await liveRewardPayment(tx, id);
  if (live) {
    throw conflict(
      live.status === "mined" ? messages.treasury.bountyPaidLocked : messages.treasury.bountyPendingLocked(live.txHash),
    );
  }
}
