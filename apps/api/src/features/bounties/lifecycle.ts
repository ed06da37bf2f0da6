/**
 * A bounty's lifecycle (issue 14, spec §3 `status`, `completedBy`, `completedAt`): the admin completes an
 * active bounty for a student, which mints its reward in CC to the student from the treasury (`mintBatch`
 * of one address: the treasury owns the token, so a reward never depends on a treasury balance), then marks
 * it completed; or cancels it (no payment); or reopens a cancelled one.
 *
 * Pays once: the reward is the treasury payment with purpose `bounty:<id>`, of which the database keeps at
 * most one live (chain/treasury-payments.ts). It is signed and recorded under the bounty's row lock, before
 * it is broadcast; a retried or concurrent completion for the same student finds it and waits for it
 * instead of paying again, one for another student is refused. The bounty turns `completed` only once the
 * payment is mined; a dropped or reverted payment frees the bounty for another try.
 */
import type { Bounty } from "@classcoin/shared/entities";
import { messages } from "@classcoin/shared/messages";
import type { CompleteBounty } from "@classcoin/shared/treasury";
import { and, eq } from "drizzle-orm";
import type { AdminGrant } from "../../auth/admin";
import { ccToWei, sendError, unpaidError } from "../../chain/payment-outcome";
import { treasuryPaymentsOf } from "../../chain/treasury-payments";
import type { Db, Tx } from "../../db/client";
import { bounties, profiles } from "../../db/schema";
import type { AppDeps } from "../../deps";
import { badRequest, conflict, notFound } from "../../http-errors";
import { liveRewardPayment, rewardPurpose } from "./reward-payment";
import { bountyNotFound, toBounty } from "./service";

const t = messages.treasury;
export const bountyDescription = (title: string) => `Bounty: ${title}`;

async function lockedBounty(tx: Tx, id: number) {
  const [row] = await tx.select().from(bounties).where(eq(bounties.id, id)).for("update");
  if (!row) throw notFound(bountyNotFound);
  return row;
}

export interface CompletedBounty {
  bounty: Bounty;
  txHash: `0x${string}`;
  name: string;
}

export async function completeBounty(
  deps: AppDeps,
  grant: AdminGrant,
  input: CompleteBounty,
): Promise<CompletedBounty> {
  const id = Number(input.bountyId);
  const payments = treasuryPaymentsOf(deps);
  let started: { hash: `0x${string}`; name: string };
  try {
    started = await payments.send(async (tx, sign) => {
      await grant.consume(tx);
      const bounty = await lockedBounty(tx, id);
      const live = await liveRewardPayment(tx, id);
      if (live) {
        if (bounty.status === "completed") throw conflict(t.bountyAlreadyCompleted);
        if (live.toWallets[0] !== input.wallet) throw conflict(t.bountyPayingOther);
        // The same completion again (a retry, or two at once): follow the payment already made.
        return { hash: live.txHash as `0x${string}`, name: await studentName(tx, input.wallet) };
      }
      if (bounty.status === "completed") throw conflict(t.bountyAlreadyCompleted);
      if (bounty.status !== "active") throw conflict(t.bountyNotActive);
      if (input.wallet === deps.config.adminWallet.toLowerCase()) throw badRequest(t.adminNotStudent);
      const name = await studentName(tx, input.wallet);
      const hash = await sign({
        purpose: rewardPurpose(id),
        kind: "bounty",
        description: bountyDescription(bounty.title),
        call: { kind: "mint", to: [input.wallet], amountWei: ccToWei(bounty.reward) },
      });
      await tx.update(bounties).set({ rewardTxHash: hash, completedByWallet: input.wallet }).where(eq(bounties.id, id));
      return { hash, name };
    });
  } catch (error) {
    throw sendError(error);
  }

  // Its hash now: a reward re-signed with a higher fee while it waited is another transaction.
  const { status, hash } = await payments.settlePayment(started.hash);
  const { db } = deps.database;
  if (status !== "mined") {
    if (status !== "signed") {
      // Nothing was paid: the bounty is free to be completed again.
      await db
        .update(bounties)
        .set({ rewardTxHash: null, completedByWallet: null })
        .where(and(eq(bounties.id, id), eq(bounties.rewardTxHash, hash)));
    }
    throw unpaidError(status, hash);
  }
  const [row] = await db
    .update(bounties)
    .set({
      status: "completed",
      completedBy: started.name,
      completedByWallet: input.wallet,
      rewardTxHash: hash,
      completedAt: new Date(),
    })
    .where(and(eq(bounties.id, id), eq(bounties.rewardTxHash, hash), eq(bounties.status, "active")))
    .returning();
  // Already marked by a concurrent completion of the same payment: answer with the row as it is.
  const bounty = row ?? (await db.select().from(bounties).where(eq(bounties.id, id)))[0];
  if (!bounty) throw notFound(bountyNotFound);
  return { bounty: toBounty(bounty), txHash: hash as `0x${string}`, name: started.name };
}

/** The student's profile name; the student must have an active profile. */
async function studentName(tx: Tx, wallet: string): Promise<string> {
  const [profile] = await tx
    .select({ name: profiles.name })
    .from(profiles)
    .where(and(eq(profiles.wallet, wallet), eq(profiles.archived, false)));
  if (!profile) throw notFound(t.studentRequired);
  return profile.name;
}

export async function cancelBounty(db: Db, grant: AdminGrant, input: { bountyId: string }): Promise<Bounty> {
  const id = Number(input.bountyId);
  return db.transaction(async (tx) => {
    await grant.consume(tx);
    const bounty = await lockedBounty(tx, id);
    const live = await liveRewardPayment(tx, id);
    if (live) throw conflict(live.status === "mined" ? t.bountyCompletedFinal : t.bountyRewardPending(live.txHash));
    if (bounty.status === "cancelled") throw conflict(t.bountyAlreadyCancelled);
    const [row] = await tx
      .update(bounties)
      .set({ status: "cancelled", completedBy: null, completedAt: null, completedByWallet: null, rewardTxHash: null })
      .where(eq(bounties.id, id))
      .returning();
    return toBounty(row!);
  });
}

/** A cancelled bounty (or one marked completed by hand, without a reward paid) becomes active again. */
export async function reopenBounty(db: Db, grant: AdminGrant, input: { bountyId: string }): Promise<Bounty> {
  const id = Number(input.bountyId);
  return db.transaction(async (tx) => {
    await grant.consume(tx);
    const bounty = await lockedBounty(tx, id);
    const live = await liveRewardPayment(tx, id);
    if (live) throw conflict(live.status === "mined" ? t.bountyCompletedFinal : t.bountyRewardPending(live.txHash));
    if (bounty.status === "active") throw conflict(t.bountyNotCancelled);
    const [row] = await tx
      .update(bounties)
      .set({ status: "active", completedBy: null, completedAt: null, completedByWallet: null, rewardTxHash: null })
      .where(eq(bounties.id, id))
      .returning();
    return toBounty(row!);
  });
}
