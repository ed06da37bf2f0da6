/**
 * The signed-in wallet's own place on the class roster and its welcome grant (`GET /api/whitelist/me`): the
 * create-profile page of a student without CC says what is true for them (grant on its way, paid, or not sent
 * for want of ETH in the treasury) instead of asking a rostered student to be added to the roster. Answered
 * to the session's own wallet only: it names no wallet, so nobody can ask about someone else.
 */
import { z } from "zod";

/**
 * The grant as its student needs to know it:
 * - `underWay`: sent, not mined yet;
 * - `paid`: every part mined;
 * - `ethOwed`: the CC was paid but the ETH for gas was not sent, the treasury being short of it;
 * - `failed`: a part could not be sent (the treasury could not pay the gas) or its transaction was dropped or
 *   reverted; the instructor adding the wallet again, once the treasury is topped up, sends it.
 */
export const ownGrantStateSchema = z.enum(["underWay", "paid", "ethOwed", "failed"]);
export type OwnGrantState = z.infer<typeof ownGrantStateSchema>;

export const rosterSelfSchema = z.object({
  /** The session's wallet, lowercased. */
  wallet: z.string(),
  listed: z.boolean().describe("Whether the wallet is on the class roster (the whitelist)"),
  grant: z
    .object({
      state: ownGrantStateSchema,
      cc: z.number().describe("CC of the grant"),
      eth: z.string().describe("ETH of the grant for gas (decimal string); 0 when not sent"),
      ccTxHash: z.string().nullable(),
      ethTxHash: z.string().nullable(),
    })
    .nullable()
    .describe("The wallet's welcome grant; null when not listed or when it has none (grants off, listed before them)"),
});
export type RosterSelf = z.infer<typeof rosterSelfSchema>;
