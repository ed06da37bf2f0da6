/**
 * Gasless transfers (issue 14, EIP-3009): a class member who has no native coin for gas signs a
 * `TransferWithAuthorization` for the ClassCoin token, and the treasury submits it and pays the gas.
 *
 * Refused before anything is sent (and so moving nothing): a relay turned off, a sender who is not a class
 * member (no profile, no roster entry), an authorization not valid now or valid for more than a day, a
 * signature that is not the sender's for this token and chain, a nonce already used, a balance too small,
 * the sender's daily limit (RELAY_DAILY_LIMIT) reached, a treasury without gas. The session check (the
 * sender's own session) is the route's. The submission is a treasury payment (purpose
 * `relay:<from>:<nonce>`: one live submission per authorization), answered with its hash once sent.
 */
import { classCoinAbi } from "@classcoin/contracts";
import { classCoinDomain, type RelayTransfer, transferWithAuthorizationTypes } from "@classcoin/shared/gasless";
import { messages } from "@classcoin/shared/messages";
import { and, eq, gt, like, min, sql } from "drizzle-orm";
import { type Hex, parseEther, recoverTypedDataAddress } from "viem";
import { invalidateBalance } from "../../chain/balances";
import { sendError } from "../../chain/payment-outcome";
import { outcomeOf, paymentMembers, treasuryPaymentsOf } from "../../chain/treasury-payments";
import { balanceLessUnminedPayments } from "../../chain/unmined-payments";
import { profiles, treasuryPayments, whitelist } from "../../db/schema";
import type { AppDeps } from "../../deps";
import { badRequest, conflict, forbidden, HttpError, notFound } from "../../http-errors";

const t = messages.relay;
const MAX_VALIDITY_SECONDS = 24 * 60 * 60;
/**
 * The validity an authorization must have left when it arrives. Mined after `validBefore`, the transfer
 * reverts and the treasury pays its gas for nothing; on Sepolia (12 s blocks, fee spikes) that is likely
 * for one with seconds left, so it must leave two minutes (ten blocks). A local chain mines at once.
 */
function relayMinimumValiditySeconds(chain: "local" | "sepolia"): number {
  return chain === "local" ? 5 : 120;
}
/** Below this the treasury cannot be trusted to pay a relay's gas. */
export const RELAY_MIN_TREASURY_WEI = parseEther("0.0005");

type Tx = Parameters<Parameters<AppDeps["database"]["db"]["transaction"]>[0]>[0];
/** First key of the relay's per-sender lock ("ccrx"). */
const RELAY_LOCK = 0x6363_7278;

/**
 * Waits for and takes the relay's lock on `from`'s daily count, held until `tx` ends. Every instance on one
 * database takes it before counting and recording a relayed transfer of `from`.
 */
export async function lockRelaySender(tx: Tx, from: string): Promise<void> {
  // The two-key form: a keyspace apart from the single-key locks of the indexer, deploys and semesters.
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${RELAY_LOCK}, hashtext(${from.toLowerCase()}))`);
}

/**
 * The sender's CC balance less the transfers the treasury relayed for them that are not mined yet (signed,
 * their treasury nonce not yet used). Balance and nonce are read at one block, so a transfer is never both
 * out of the balance and subtracted.
 */
async function spendableBalance(
  deps: AppDeps,
  tx: Tx,
  token: `0x${string}`,
  from: `0x${string}`,
  treasury: `0x${string}`,
): Promise<bigint> {
  return balanceLessUnminedPayments(deps, tx, {
    treasury,
    balanceAt: (blockNumber) =>
      deps.chain.readContract({
        address: token,
        abi: classCoinAbi,
        functionName: "balanceOf",
        args: [from],
        blockNumber,
      }),
    which: and(eq(treasuryPayments.kind, "relay"), like(treasuryPayments.purpose, `relay:${from}:%`)),
  });
}

export async function relayTransfer(deps: AppDeps, input: RelayTransfer): Promise<{ txHash: `0x${string}` }> {
  const { config, chain } = deps;
  const { db } = deps.database;
  const limit = config.relayDailyLimit ?? 50;
  const token = config.tokenAddress;
  if (limit === 0 || !token) throw forbidden(t.off);
  const from = input.from as `0x${string}`;
  const to = input.to as `0x${string}`;
  const value = BigInt(input.value);
  const validAfter = BigInt(input.validAfter);
  const validBefore = BigInt(input.validBefore);
  const nonce = input.nonce.toLowerCase() as Hex;
  if (from === to) throw badRequest(t.self);
  if (value === 0n) throw badRequest(t.zero);
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

  const [used, balance, treasuryGas] = await Promise.all([
    chain.readContract({ address: token, abi: classCoinAbi, functionName: "authorizationState", args: [from, nonce] }),
    chain.readContract({ address: token, abi: classCoinAbi, functionName: "balanceOf", args: [from] }),
    treasuryPaymentsOf(deps).nativeBalance(),
  ]);
  if (used) throw conflict(t.used);
  if (balance < value) throw badRequest(t.insufficient);
  if (treasuryGas < RELAY_MIN_TREASURY_WEI) throw new HttpError(503, t.noTreasuryGas);

  const payments = treasuryPaymentsOf(deps);
  let hash: `0x${string}`;
  try {
    hash = await payments.send(async (tx, sign) => {
      // Counted and recorded under the sender's lock, held to the end of this transaction: two requests at
      // once, on this instance or another one on the same database, cannot both take the last one of the day
      // (the treasury's signing is one at a time per process only). One authorization is sent once at most
      // (the purpose's unique index).
      await lockRelaySender(tx, from);
      // One transfer per authorization (purpose), however often the treasury re-signed it with a higher fee
      // (each copy is a row), counted from when it was first signed.
      const relayed = tx
        .select({ purpose: treasuryPayments.purpose })
        .from(treasuryPayments)
        .where(
          and(
            eq(treasuryPayments.kind, "relay"),
            like(treasuryPayments.purpose, `relay:${from}:%`),
            // Not the sender's whole history: an authorization is valid one window at most, so a transfer
            // first signed two windows ago can move nothing any more, however often it is re-signed.
            gt(treasuryPayments.createdAt, sql`now() - ${2 * MAX_VALIDITY_SECONDS}::int * interval '1 second'`),
          ),
        )
        .groupBy(treasuryPayments.purpose)
        // The database's clock, which wrote createdAt: instances' clocks may differ.
        .having(gt(min(treasuryPayments.createdAt), sql`now() - ${MAX_VALIDITY_SECONDS}::int * interval '1 second'`))
        .as("relayed");
      const [today] = await tx.select({ n: sql<number>`count(*)::int` }).from(relayed);
      if ((today?.n ?? 0) >= limit) throw new HttpError(429, t.dailyLimit(limit));
      // The balance read above cannot see this sender's transfers relayed a moment ago and not mined yet:
      // two authorizations at once, each covered alone, would both pass and the second revert in the node's
      // estimate (a 502 with a raw error). Under the sender's lock: the balance, less those transfers.
      if ((await spendableBalance(deps, tx, token, from, payments.address)) < value) throw badRequest(t.insufficient);
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
