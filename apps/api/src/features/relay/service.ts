/**
 * Gasless transfers (issue 14, EIP-3009): a class member who has no native coin for gas signs a
 * `TransferWithAuthorization` for the ClassCoin token, and the treasury submits it and pays the gas.
 *
 * Refused before anything is sent (and so moving nothing): a relay turned off, a sender who is not a class
 * member (no profile, no roster entry), an amount below RELAY_MIN_AMOUNT_CC, an authorization not valid now
 * or valid for more than a day, a signature that is not the sender's for this token and chain, a nonce
 * already used or not the next one the token takes, a balance too small, the sender's daily limit
 * (RELAY_DAILY_LIMIT) or the class's (RELAY_CLASS_DAILY_LIMIT) reached, a treasury down to the ETH it keeps
 * for rewards, awards and grants (RELAY_TREASURY_RESERVE_ETH). Each transfer costs the treasury about the
 * same gas whatever it moves, so those are what keep a student from spending its ETH. The session check (the
 * sender's own session) is the route's. The submission is a treasury payment (purpose
 * `relay:<from>:<nonce>`: one live submission per authorization), answered with its hash once sent.
 */
import { classCoinAbi } from "@classcoin/contracts";
import {
  classCoinDomain,
  RELAY_MIN_AMOUNT_CC,
  RELAY_MIN_VALUE_WEI,
  type RelayTransfer,
  type TreasuryStanding,
  transferWithAuthorizationTypes,
} from "@classcoin/shared/gasless";
import { messages } from "@classcoin/shared/messages";
import { and, eq, like } from "drizzle-orm";
import { formatEther, type Hex, parseEther, recoverTypedDataAddress } from "viem";
import { invalidateBalance } from "../../chain/balances";
import { sendError } from "../../chain/payment-outcome";
import { outcomeOf, paymentMembers, treasuryPaymentsOf } from "../../chain/treasury-payments";
import {
  balanceLessUnminedPayments,
  nativeLessPendingCosts,
  readAtTreasuryBlock,
  type TreasuryAt,
} from "../../chain/unmined-payments";
import type { Tx } from "../../db/client";
import { profiles, treasuryPayments, whitelist } from "../../db/schema";
import type { AppDeps } from "../../deps";
import { badRequest, conflict, forbidden, HttpError, notFound } from "../../http-errors";
import { revertedForBalance } from "./balance-revert";
import { lockRelayClass, lockRelaySender, MAX_VALIDITY_SECONDS, relayedToday } from "./daily-count";
import { nonceStanding } from "./nonce";

export { lockRelayClass, lockRelaySender } from "./daily-count";

const t = messages.relay;
/**
 * The validity an authorization must have left when it arrives. Mined after `validBefore`, the transfer
 * reverts and the treasury pays its gas for nothing; on Sepolia (12 s blocks, fee spikes) that is likely
 * for one with seconds left, so it must leave two minutes (ten blocks). A local chain mines at once.
 */
function relayMinimumValiditySeconds(chain: "local" | "sepolia"): number {
  return chain === "local" ? 5 : 120;
}
/**
 * The treasury's ETH that relays leave alone (RELAY_TREASURY_RESERVE_ETH): bounty rewards, awards and welcome
 * grants are paid from it too, and a grant's ETH is sent only above its own 0.01 ETH reserve. The old floor
 * (0.0005 ETH, a relay's gas) let relays spend the treasury down until those payments stopped.
 */
const DEFAULT_TREASURY_RESERVE_WEI = parseEther("0.05");
/** Relayed transfers for the whole class in 24 hours (RELAY_CLASS_DAILY_LIMIT): the treasury's daily gas on them. */
export const DEFAULT_CLASS_DAILY_LIMIT = 300;

/**
 * The sender's CC balance less the transfers the treasury relayed for them that are not mined yet (signed,
 * their treasury nonce not yet used at the block the balance was read at).
 */
function spendableBalance(tx: Tx, from: `0x${string}`, read: { at: TreasuryAt; balance: bigint }): Promise<bigint> {
  return balanceLessUnminedPayments(tx, {
    ...read,
    which: and(eq(treasuryPayments.kind, "relay"), like(treasuryPayments.purpose, `relay:${from}:%`)),
  });
}

/**
 * The treasury as the dashboard shows it, by the rule a relay applies: its ETH less what its unmined payments may
 * cost, against the reserve. Before, a paused relay showed only to the student refused (and in the server's log).
 */
export async function treasuryStanding(deps: AppDeps): Promise<TreasuryStanding> {
  const { config } = deps;
  const address = treasuryPaymentsOf(deps).address;
  const reserve = config.relayTreasuryReserveWei ?? DEFAULT_TREASURY_RESERVE_WEI;
  const off =
    (config.relayDailyLimit ?? 50) === 0 ||
    (config.relayClassDailyLimit ?? DEFAULT_CLASS_DAILY_LIMIT) === 0 ||
    !config.tokenAddress;
  const spendable = await deps.database.db.transaction((tx) => nativeLessPendingCosts(deps, tx, address));
  return {
    address,
    eth: formatEther(spendable > 0n ? spendable : 0n),
    reserveEth: formatEther(reserve),
    gasless: off ? "off" : spendable < reserve ? "paused" : "on",
  };
}

export async function relayTransfer(deps: AppDeps, input: RelayTransfer): Promise<{ txHash: `0x${string}` }> {
  const { config, chain } = deps;
  const { db } = deps.database;
  const limit = config.relayDailyLimit ?? 50;
  const classLimit = config.relayClassDailyLimit ?? DEFAULT_CLASS_DAILY_LIMIT;
  const reserve = config.relayTreasuryReserveWei ?? DEFAULT_TREASURY_RESERVE_WEI;
  const token = config.tokenAddress;
  if (limit === 0 || classLimit === 0 || !token) throw forbidden(t.off);
  const from = input.from as `0x${string}`;
  const to = input.to as `0x${string}`;
  const value = BigInt(input.value);
  const validAfter = BigInt(input.validAfter);
  const validBefore = BigInt(input.validBefore);
  const nonce = input.nonce.toLowerCase() as Hex;
  if (from === to) throw badRequest(t.self);
  if (value === 0n) throw badRequest(t.zero);
  // Before anything is read from the chain or the database: a worthless transfer costs the treasury full gas.
  if (value < RELAY_MIN_VALUE_WEI) throw badRequest(t.belowMinimum(RELAY_MIN_AMOUNT_CC));
  const now = BigInt(Math.floor(Date.now() / 1000));
  if (validAfter > now || validBefore <= now) throw badRequest(t.expired);
  const minimumLeft = relayMinimumValiditySeconds(config.chain);
  if (validBefore < now + BigInt(minimumLeft)) throw badRequest(t.expiresSoon(minimumLeft));
  if (validBefore > now + BigInt(MAX_VALIDITY_SECONDS)) throw badRequest(t.tooLong);

  const message = { from, to, value, validAfter, validBefore, nonce };
  const domain = classCoinDomain(config.chainId, token);
  let signer: string | undefined;
  try {
    signer = await recoverTypedDataAddress({
      domain,
      types: transferWithAuthorizationTypes,
      primaryType: "TransferWithAuthorization",
      message,
      signature: input.signature as Hex,
    });
  } catch {
    signer = undefined;
  }
  if (signer?.toLowerCase() !== from) throw badRequest(t.badSignature);

  const [member] = await db
    .select({ wallet: profiles.wallet })
    .from(profiles)
    .where(and(eq(profiles.wallet, from), eq(profiles.archived, false)))
    .union(db.select({ wallet: whitelist.wallet }).from(whitelist).where(eq(whitelist.wallet, from)));
  if (!member) throw forbidden(t.notMember);

  const [standing, balance] = await Promise.all([
    nonceStanding(deps, token, from, nonce),
    chain.readContract({ address: token, abi: classCoinAbi, functionName: "balanceOf", args: [from] }),
  ]);
  if (standing === "used") throw conflict(t.used);
  if (standing === "ahead") throw badRequest(t.nonceOutOfSequence);
  if (balance < value) throw badRequest(t.insufficient);
  // The treasury's reserve is checked under the class's lock below, against its unmined payments too (one
  // getBalance a relay; a first look here read it a second time).

  const payments = treasuryPaymentsOf(deps);
  let hash: `0x${string}`;
  try {
    hash = await payments.send(async (tx, sign) => {
      // Counted and recorded under the sender's lock, held to the end of this transaction: two requests at
      // once, on this instance or another one on the same database, cannot both take the last one of the day
      // (the treasury's signing is one at a time per process only). One authorization is sent once at most
      // (the purpose's unique index).
      await lockRelaySender(tx, from);
      if ((await relayedToday(tx, from)) >= limit) throw new HttpError(429, t.dailyLimit(limit));
      // The class's count, under its own lock: every student's relays are paid from one treasury, and a
      // class of senders each under their own limit could still spend its ETH in a day.
      await lockRelayClass(tx);
      if ((await relayedToday(tx)) >= classLimit) throw new HttpError(429, t.classDailyLimit(classLimit));
      // The balance read above cannot see this sender's transfers relayed a moment ago and not mined yet:
      // two authorizations at once, each covered alone, would both pass and the second revert in the node's
      // estimate (a 502 with a raw error). Under the sender's lock: the balance, less those transfers. The
      // sender's CC and the treasury's ETH are read at one block, between two reads of the treasury's nonce.
      const { at, value: balances } = await readAtTreasuryBlock(deps, payments.address, (blockNumber) =>
        Promise.all([
          chain.readContract({
            address: token,
            abi: classCoinAbi,
            functionName: "balanceOf",
            args: [from],
            blockNumber,
          }),
          chain.getBalance({ address: payments.address, blockNumber }),
        ]),
      );
      const [tokens, eth] = balances;
      if ((await spendableBalance(tx, from, { at, balance: tokens })) < value) throw badRequest(t.insufficient);
      // The reserve, less what the treasury's transactions not mined yet may cost (a roster's grants signed a
      // moment ago, rewards): the balance alone still holds them for a block or more on Sepolia, and relays
      // sent meanwhile spent the ETH they were kept for. Under the class's lock, so one relay at a time sees it.
      if ((await nativeLessPendingCosts(deps, tx, payments.address, { at, balance: eth })) < reserve) {
        throw new HttpError(503, t.treasuryReserve);
      }
      return sign({
        purpose: `relay:${from}:${nonce}`,
        kind: "relay",
        description: null,
        call: {
          kind: "relay",
          from,
          to,
          amountWei: value,
          validAfter,
          validBefore,
          nonce,
          signature: input.signature as Hex,
        },
      });
    });
  } catch (error) {
    if ((error as Error)?.name === "PurposeTaken") throw conflict(t.used);
    if (revertedForBalance(error)) throw badRequest(t.insufficient);
    throw sendError(error);
  }
  // Answered once sent, not once mined: the page waits for the receipt as for any transfer, with the hash
  // on screen ("Waiting for transaction … to be mined"). Waiting here left a student on Sepolia with no hash
  // for a block or more, and one not mined within the wait with an error for a transfer that went through
  // (a tip never recorded). Every server's payment settler follows the payment to its end.
  invalidateBalance(from);
  invalidateBalance(to);
  return { txHash: hash };
}

/**
 * Where a relayed transfer stands, by the hash the relay answered (`GET /api/relay/transfers/:hash`): the
 * settler may have signed it again with a higher fee, and a page reloaded while it waited knows only the
 * first hash. Read from the payments as recorded; the settler and the requests waiting on them keep those.
 */
export async function relayTransferStatus(
  deps: AppDeps,
  hash: string,
): Promise<{ status: "signed" | "mined" | "reverted" | "dropped"; txHash: `0x${string}` }> {
  const members = (await paymentMembers(deps.database.db, hash)) ?? [];
  if (members[0]?.kind !== "relay") throw notFound(t.unknownTransfer);
  const outcome = outcomeOf(members);
  return { status: outcome.status, txHash: outcome.hash as `0x${string}` };
}
