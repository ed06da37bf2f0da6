/** What a Transfer log means to the explorer: its type and the line of description shown with it. */
import type { TransactionType } from "@classcoin/shared/entities";
import { zeroAddress } from "viem";

export const TREASURY_MINT_DESCRIPTION = "Minted by the treasury";
export const BURN_DESCRIPTION = "Burned";
export const TIP_DESCRIPTION_PREFIX = "Tip for project #";
export const tipDescription = (projectNumber: number) => `${TIP_DESCRIPTION_PREFIX}${projectNumber}`;

export interface Classification {
  type: TransactionType;
  description: string | null;
}

/**
 * `tipProjectNumber` is the project number of the tip recorded for the same (tx hash, log index), if any.
 * A mint or burn is never a tip: the zero address cannot send or receive through `transfer`.
 * `treasuryDescription` is the description of the treasury payment recorded for the same transaction (a
 * bounty reward, an award, a welcome grant; chain/treasury-payments.ts): such a log is type `system`.
 */
export function classifyTransfer(
  from: string,
  to: string,
  tipProjectNumber: number | undefined,
  treasuryDescription?: string | null,
): Classification {
  if (treasuryDescription) return { type: "system", description: treasuryDescription };
  if (from.toLowerCase() === zeroAddress) return { type: "mint", description: TREASURY_MINT_DESCRIPTION };
  if (to.toLowerCase() === zeroAddress) return { type: "burn", description: BURN_DESCRIPTION };
  if (tipProjectNumber !== undefined) return { type: "project_tip", description: tipDescription(tipProjectNumber) };
  return { type: "transfer", description: null };
}
