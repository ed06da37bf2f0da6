/**
 * Awards (issue 14): the admin sends one student CC from the treasury with a note, shown in the explorer as
 * type `system` with the note as its description. The CC is minted (`mintBatch` of one address) by the
 * treasury, which owns the token, so an award never depends on a treasury balance.
 *
 * Once per signed request: the payment's purpose is the signed message's hash, recorded with the message in
 * one transaction before the payment is broadcast (chain/treasury-payments.ts).
 */
import { messages } from "@classcoin/shared/messages";
import type { Award } from "@classcoin/shared/treasury";
import { and, eq } from "drizzle-orm";
import type { AdminGrant } from "../../auth/admin";
import { ccToWei, sendError, unpaidError } from "../../chain/payment-outcome";
import { treasuryPaymentsOf } from "../../chain/treasury-payments";
import { profiles } from "../../db/schema";
import type { AppDeps } from "../../deps";
import { badRequest, notFound } from "../../http-errors";

const t = messages.treasury;

export interface AwardSent {
  wallet: string;
  name: string;
  amount: number;
  note: string;
  txHash: `0x${string}`;
}

export async function awardStudent(deps: AppDeps, grant: AdminGrant, input: Award): Promise<AwardSent> {
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
      const hash = await sign({
        purpose: `award:${grant.replayKey}`,
        kind: "award",
        description: input.note,
        call: { kind: "mint", to: [input.wallet], amountWei: ccToWei(input.amount) },
      });
      return { hash, name: profile.name };
    });
  } catch (error) {
    throw sendError(error);
  }
  const status = await payments.settle(started.hash);
  if (status !== "mined") throw unpaidError(status, started.hash);
  return { wallet: input.wallet, name: started.name, amount: input.amount, note: input.note, txHash: started.hash };
}
