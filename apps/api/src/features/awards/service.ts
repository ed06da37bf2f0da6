/**
 * Awards (issue 14): the admin sends one student CC from the treasury with a note, shown in the explorer as
 * type `system` with the note as its description. The CC is minted (`mintBatch` of one address) by the
 * treasury, which owns the token, so an award never depends on a treasury balance.
 *
 * Once per award: the payment's purpose is the form's `awardId` (else the signed message's hash), recorded
 * with the message in one transaction before the payment is broadcast (chain/treasury-payments.ts). The same
 * form sent again, with a new signature, follows the payment already made: a retry after "not mined yet"
 * used to pay a second time.
 */
import { messages } from "@classcoin/shared/messages";
import type { Award } from "@classcoin/shared/treasury";
import { and, eq, inArray } from "drizzle-orm";
import type { AdminGrant } from "../../auth/admin";
import { ccToWei, sendError, unpaidError } from "../../chain/payment-outcome";
import { treasuryPaymentsOf } from "../../chain/treasury-payments";
import { profiles, treasuryPayments } from "../../db/schema";
import type { AppDeps } from "../../deps";
import { badRequest, conflict, notFound } from "../../http-errors";

const t = messages.treasury;

export interface AwardSent {
  wallet: string;
  name: string;
  amount: number;
  note: string;
  txHash: `0x${string}`;
}

/**
 * `onBroadcast`: called with the transaction's hash once it is broadcast, before it is waited for (12 s or
 * more on Sepolia), so the admin sees what is under way; and again with a copy's hash if the award is re-signed
 * with a higher fee while it waits.
 */
export async function awardStudent(
  deps: AppDeps,
  grant: AdminGrant,
  input: Award,
  onBroadcast?: (hash: `0x${string}`) => Promise<void>,
): Promise<AwardSent> {
  const payments = treasuryPaymentsOf(deps);
  let started: { hash: `0x${string}`; name: string };
  try {
    started = await payments.send(async (tx, sign) => {
      await grant.consume(tx);
      if (input.wallet === deps.config.adminWallet.toLowerCase()) throw badRequest(t.adminNotStudent);
      const [profile] = await tx
        .select({ name: profiles.name })
        .from(profiles)
        .where(and(eq(profiles.wallet, input.wallet), eq(profiles.archived, false)));
      if (!profile) throw notFound(t.studentRequired);
      const purpose = `award:${input.awardId ?? grant.replayKey}`;
      const [live] = await tx
        .select()
        .from(treasuryPayments)
        .where(and(eq(treasuryPayments.purpose, purpose), inArray(treasuryPayments.status, ["signed", "mined"])));
      if (live) {
        const same =
          live.toWallets[0] === input.wallet &&
          live.amountWei === ccToWei(input.amount).toString() &&
          live.description === input.note;
        if (!same) throw conflict(t.awardIdTaken);
        return { hash: live.txHash as `0x${string}`, name: profile.name };
      }
      const hash = await sign({
        purpose,
        kind: "award",
        description: input.note,
        call: { kind: "mint", to: [input.wallet], amountWei: ccToWei(input.amount) },
      });
      return { hash, name: profile.name };
    });
  } catch (error) {
    throw sendError(error);
  }
  await onBroadcast?.(started.hash);
  // Its hash now: an award re-signed with a higher fee while it waited is another transaction, told as the first.
  const { status, hash } = await payments.settlePayment(started.hash, { onResigned: onBroadcast });
  if (status !== "mined") throw unpaidError(status, hash);
  return {
    wallet: input.wallet,
    name: started.name,
    amount: input.amount,
    note: input.note,
    txHash: hash as `0x${string}`,
  };
}
