/**
 * Gasless transfers (issue 14, EIP-3009): a holder signs `TransferWithAuthorization` typed data for the
 * ClassCoin token (EIP-712 domain "ClassCoin", version "1", the chain id and the token's address) and the
 * server's treasury submits `transferWithAuthorization(from, to, value, validAfter, validBefore, nonce,
 * signature)` for them (`POST /api/relay/transfer`), so a student needs no native coin for gas.
 */
import { z } from "zod";
import { messages } from "./messages";
import { signatureSchema, txHashSchema, walletSchema } from "./primitives";

export const CLASSCOIN_EIP712_NAME = "ClassCoin";
export const CLASSCOIN_EIP712_VERSION = "1";

export function classCoinDomain(chainId: number, token: `0x${string}`) {
  return {
    name: CLASSCOIN_EIP712_NAME,
    version: CLASSCOIN_EIP712_VERSION,
    chainId,
    verifyingContract: token,
  } as const;
}

export const transferWithAuthorizationTypes = {
  TransferWithAuthorization: [
    { name: "from", type: "address" },
    { name: "to", type: "address" },
    { name: "value", type: "uint256" },
    { name: "validAfter", type: "uint256" },
    { name: "validBefore", type: "uint256" },
    { name: "nonce", type: "bytes32" },
  ],
} as const;

/** How long a relayed transfer's authorization stays valid (its `validBefore` is now + this). */
export const RELAY_AUTHORIZATION_TTL_SECONDS = 10 * 60;

/**
 * The least a gasless transfer may move, in CC (as shown) and in base units (CC × 10^18). The treasury pays
 * the same gas (about 60,000–75,000) for 1 wei as for 1,000 CC: without a floor a student could spend the
 * treasury's ETH on worthless transfers. Tips start at 1 CC and /wallet sends whole CC, so no ordinary
 * transfer is below it.
 */
export const RELAY_MIN_AMOUNT_CC = "0.01";
export const RELAY_MIN_VALUE_WEI = 10n ** 16n;

/**
 * A fresh authorization nonce. The token uses keyed sequential nonces (OpenZeppelin's
 * ERC20TransferAuthorization): the high 192 bits are a key, the low 64 bits the sequence in that key. A
 * random key with sequence 0 is usable at once and independently of any other. A plain random 32-byte nonce
 * (the usual EIP-3009 habit) is refused: its low 64 bits are not the key's next sequence number.
 */
export function randomAuthorizationNonce(): `0x${string}` {
  const key = crypto.getRandomValues(new Uint8Array(24));
  return `0x${[...key].map((b) => b.toString(16).padStart(2, "0")).join("")}${"00".repeat(8)}`;
}

/** A nonce's two parts as the token reads them: the key (high 192 bits) and the sequence (low 64 bits). */
export function authorizationNonceParts(nonce: `0x${string}`): { key: bigint; sequence: bigint } {
  const whole = BigInt(nonce);
  return { key: whole >> 64n, sequence: whole & (2n ** 64n - 1n) };
}

const uintString = (what: string) =>
  z
    .string()
    .regex(/^(0|[1-9][0-9]{0,77})$/, `${what} must be a whole number written in decimal`)
    // zod runs this check even when the pattern failed: only a string of digits is read as a number.
    .refine((v) => !/^[0-9]+$/.test(v) || BigInt(v) < 2n ** 256n, `${what} is too large`);

export const relayTransferSchema = z.object({
  from: walletSchema,
  // The token refuses it: without this the treasury's node answered a raw revert (502).
  to: walletSchema.refine((w) => BigInt(w) !== 0n, messages.relay.zeroRecipient),
  /** In base units (CC × 10^18), as a decimal string. */
  value: uintString("value"),
  validAfter: uintString("validAfter"),
  validBefore: uintString("validBefore"),
  nonce: z.string().regex(/^0x[0-9a-fA-F]{64}$/, "nonce must be 0x followed by 64 hex characters"),
  signature: signatureSchema,
});
export type RelayTransfer = z.output<typeof relayTransferSchema>;

export const relayResultSchema = z.object({ txHash: txHashSchema });

export const relayTransferParamsSchema = z.object({ hash: txHashSchema });
/**
 * Where a relayed transfer stands: the treasury may have signed it again with a higher fee (a fee spike), and
 * `txHash` is then the transaction to wait for (the one mined, or the one the chain may still mine). A page
 * reloaded while it waited knows only the first hash, which the node may have forgotten.
 */
export const relayTransferStatusSchema = z.object({
  status: z.enum(["signed", "mined", "reverted", "dropped"]),
  txHash: txHashSchema,
});

/** The class treasury as the instructor's dashboard shows it: its ETH, and whether gasless transfers run. */
export const treasuryStandingSchema = z.object({
  address: z.string(),
  /** ETH held, less what its payments not mined yet may cost at their fee caps (decimal string). */
  eth: z.string(),
  /** RELAY_TREASURY_RESERVE_ETH: the ETH relays leave for rewards, awards and grants (decimal string). */
  reserveEth: z.string(),
  /** `paused`: the ETH is below the reserve, so every gasless transfer is refused until it is topped up. */
  gasless: z.enum(["on", "paused", "off"]),
});
export type TreasuryStanding = z.infer<typeof treasuryStandingSchema>;

/**
 * What the session's wallet may still relay (`GET /api/relay/allowance`), so a page offers "Send without gas"
 * only when the relay would take it, and otherwise says why. Counted by the relay's own rule (a rolling 24
 * hours, relay/daily-count.ts).
 */
export const relayAllowanceSchema = z.object({
  /** `paused`: the treasury is down to its reserve; `off`: gasless transfers are turned off on this server. */
  gasless: z.enum(["on", "paused", "off"]),
  /** RELAY_DAILY_LIMIT, and what is left of it for this wallet. */
  dailyLimit: z.number().int(),
  remaining: z.number().int(),
  /** RELAY_CLASS_DAILY_LIMIT, and what is left of it for the whole class. */
  classDailyLimit: z.number().int(),
  classRemaining: z.number().int(),
  /**
   * When one more transfer frees up (ISO 8601), when none is left (the wallet's or the class's, whichever
   * frees up later): the oldest counted transfer leaves the 24-hour window then. Null while some are left.
   */
  nextAt: z.string().nullable(),
});
export type RelayAllowance = z.infer<typeof relayAllowanceSchema>;
