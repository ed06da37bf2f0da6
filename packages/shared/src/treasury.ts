/**
 * Admin calls that move money from the treasury (issue 14): completing a bounty (its reward), cancelling and
 * reopening it, awarding one student, and adding the class roster (each new wallet's welcome grant). The
 * bodies are the signed message's extras, like every admin call (admin.ts).
 */
import { z } from "zod";
import { adminSuccessSchema } from "./admin";
import { bountySchema, whitelistEntrySchema } from "./entities";
import { messages } from "./messages";
import { idSchema, txHashSchema, walletSchema } from "./primitives";

const t = messages.treasury;

export const completeBountySchema = z.object({ bountyId: idSchema, wallet: walletSchema });
export type CompleteBounty = z.output<typeof completeBountySchema>;
export const cancelBountySchema = z.object({ bountyId: idSchema });
export const reopenBountySchema = z.object({ bountyId: idSchema });

export const AWARD_MAX_CC = 1_000_000;
export const AWARD_NOTE_MAX = 200;

export const awardSchema = z.object({
  wallet: walletSchema,
  amount: z.coerce
    .number({ error: t.awardAmount })
    .int(t.awardAmount)
    .min(1, t.awardAmount)
    .max(AWARD_MAX_CC, t.awardAmount),
  note: z.string({ error: t.awardNote }).trim().min(1, t.awardNote).max(AWARD_NOTE_MAX, t.awardNoteTooLong),
  /**
   * The form's own id for this award, kept until it is paid: sending the same form again (a new signature,
   * after a timeout or a "not mined yet") follows the payment already made instead of paying twice.
   */
  awardId: z
    .string()
    .regex(/^[0-9a-f]{32}$/, "awardId must be 32 lowercase hex characters")
    .optional(),
});
export type Award = z.output<typeof awardSchema>;

/** What a treasury payment became: `paid` (mined), `pending` (sent, not mined yet), `failed` (nothing paid). */
export const paymentStateSchema = z.enum(["paid", "pending", "failed"]);
export type PaymentState = z.infer<typeof paymentStateSchema>;

export const bountyPaymentResultSchema = adminSuccessSchema.extend({
  bounty: bountySchema,
  txHash: txHashSchema,
});

export const awardResultSchema = adminSuccessSchema.extend({
  award: z.object({
    wallet: z.string(),
    name: z.string(),
    amount: z.number(),
    note: z.string(),
    txHash: z.string(),
  }),
});

// ---- the roster ----

export const ROSTER_MAX_WALLETS = 500;

/** The pasted roster: one `wallet[,notes]` per line; blank lines are skipped. */
export const addRosterSchema = z.object({
  list: z.string().max(ROSTER_MAX_WALLETS * 700, t.rosterTooLong(ROSTER_MAX_WALLETS)),
});

export interface RosterLine {
  line: number;
  wallet: `0x${string}`;
  notes: string;
}

/**
 * Reads a pasted roster. Every bad line is reported by its number; the caller adds nothing unless `errors`
 * is empty. A wallet may be followed by a comma and notes (the first comma splits; notes may hold commas).
 */
export function parseRoster(list: string): { lines: RosterLine[]; errors: string[] } {
  const lines: RosterLine[] = [];
  const errors: string[] = [];
  const firstLine = new Map<string, number>();
  list.split(/\r\n|\r|\n/).forEach((raw, index) => {
    const number = index + 1;
    const text = raw.trim();
    if (text === "") return;
    const comma = text.indexOf(",");
    const walletText = (comma === -1 ? text : text.slice(0, comma)).trim();
    const notes = comma === -1 ? "" : text.slice(comma + 1).trim();
    const wallet = walletSchema.safeParse(walletText);
    if (!wallet.success) {
      errors.push(t.rosterLine(number, t.rosterBadWallet(walletText)));
      return;
    }
    if (notes.length > 500) {
      errors.push(t.rosterLine(number, t.rosterNotesTooLong));
      return;
    }
    const first = firstLine.get(wallet.data);
    if (first !== undefined) {
      errors.push(t.rosterLine(number, t.rosterDuplicate(first)));
      return;
    }
    firstLine.set(wallet.data, number);
    lines.push({ line: number, wallet: wallet.data, notes });
  });
  if (lines.length === 0 && errors.length === 0) errors.push(t.rosterEmpty);
  if (lines.length > ROSTER_MAX_WALLETS) errors.push(t.rosterTooLong(ROSTER_MAX_WALLETS));
  return { lines, errors };
}

/** A wallet's welcome grant as the admin sees it. */
export const welcomeGrantSchema = z.object({
  wallet: z.string(),
  cc: z.number(),
  eth: z.string().describe("Native coin sent, in ETH (decimal string); 0 when skipped"),
  ccTxHash: z.string().nullable(),
  ethTxHash: z.string().nullable(),
  ethSkipped: z.string().nullable(),
  state: z
    .enum([...paymentStateSchema.options, "unsent"])
    .describe("`unsent`: a part not sent yet (the send failed before it); the next add of the wallet sends it"),
});
export type WelcomeGrant = z.infer<typeof welcomeGrantSchema>;

/**
 * A listed wallet in the admin's whitelist: the spec's entry and its welcome grant as it stands (the add
 * answer's shape and states), so the Whitelist tab still shows it after a reload; null for a wallet without
 * one (listed before grants existed, the admin's own wallet, or WELCOME_CC and WELCOME_ETH 0).
 */
export const adminWhitelistEntrySchema = whitelistEntrySchema.extend({
  grant: welcomeGrantSchema
    .nullable()
    .describe("The wallet's welcome grant as it stands; null when it has none (listed before grants, or grants off)"),
});
export type AdminWhitelistEntry = z.infer<typeof adminWhitelistEntrySchema>;

export const rosterResultSchema = adminSuccessSchema.extend({
  added: z.array(whitelistEntrySchema),
  /** Lines whose wallet was already listed: not added again; their grant (if unfinished) was retried. */
  skipped: z.array(z.object({ line: z.number(), wallet: z.string(), reason: z.string() })),
  grants: z.array(welcomeGrantSchema),
});
export type RosterResult = z.infer<typeof rosterResultSchema>;

// ---- Deploy ClassCoin runs (resumable after a crash) ----

export const deployRunStatusSchema = z.enum(["running", "interrupted", "failed", "completed", "abandoned"]);

export const deployRunViewSchema = z.object({
  id: z.string(),
  status: deployRunStatusSchema,
  recipients: z.number(),
  minted: z.number(),
  amountPerProfile: z.number(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  error: z.string().nullable(),
  /** Interrupted or failed, the last run, with recipients still to mint to: "Resume" continues it. */
  resumable: z.boolean(),
  chunks: z.array(
    z.object({
      index: z.number(),
      recipients: z.number(),
      txHash: z.string().nullable(),
      /** minted (mined), pending (sent, not mined yet), failed (dropped or reverted: sent again on resume), unsent. */
      state: z.enum(["minted", "pending", "failed", "unsent"]),
    }),
  ),
});
export type DeployRunView = z.infer<typeof deployRunViewSchema>;

export const lastDeployRunSchema = z.object({ run: deployRunViewSchema.nullable() });
export const resumeDeploySchema = z.object({ runId: idSchema });
