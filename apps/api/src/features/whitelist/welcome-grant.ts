/**
 * The welcome grant (issue 14): each wallet added to the roster gets, once ever, WELCOME_CC CC minted by the
 * treasury and WELCOME_ETH of the chain's native coin for gas (when the treasury has it), so a student who
 * owns nothing can create a profile and pay for a first transaction.
 *
 * Once ever: the `welcome_grants` row (primary key: the wallet) is claimed in the same transaction that adds
 * the wallet to the roster, and stays after a removal. Sending is separate and repeatable: it takes the
 * claimed rows still unsent (or whose payment was dropped or reverted) under a row lock, signs one
 * `mintBatch` for their CC and one native transfer each, records the hashes on the rows in that
 * transaction, and broadcasts after the commit (chain/treasury-payments.ts). A re-add, a retry or a second
 * instance finds the rows sent (or locked) and sends nothing.
 */
import { createHash } from "node:crypto";
import { TOKEN_DECIMALS } from "@classcoin/shared/constants";
import { messages } from "@classcoin/shared/messages";
import type { WelcomeGrant } from "@classcoin/shared/treasury";
import { and, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { formatEther, formatUnits, parseEther } from "viem";
import { ccToWei, firstLine, nodeWords, outOfGas } from "../../chain/payment-outcome";
import {
  type PaymentStatus,
  paymentsByHash,
  TreasuryOutOfGas,
  treasuryPaymentsOf,
} from "../../chain/treasury-payments";
import { nativeLessPendingCosts } from "../../chain/unmined-payments";
import { DEFAULT_WELCOME_CC } from "../../config";
import type { Db, Tx } from "../../db/client";
import { treasuryPayments, welcomeGrants } from "../../db/schema";
import { allowLongStatements } from "../../db/statement-timeout";
import type { AppDeps } from "../../deps";

const t = messages.treasury;
/** Native coin the treasury keeps for its own gas: a grant's coin is sent only above this. */
export const TREASURY_GAS_RESERVE_WEI = parseEther("0.01");
const SETTLE_TIMEOUT_MS = 90_000;

export function welcomeAmounts(deps: Pick<AppDeps, "config">): { ccWei: bigint; ethWei: bigint } {
  return {
    ccWei: ccToWei(deps.config.welcomeCc ?? DEFAULT_WELCOME_CC),
    ethWei: deps.config.welcomeEthWei ?? parseEther("0.01"),
  };
}

/**
 * Claims the grant of each wallet that never had one, inside the transaction that adds them to the roster.
 * The admin's wallet (the treasury locally) gets none; nothing is claimed while both amounts are 0.
 */
export async function claimWelcomeGrants(tx: Tx, deps: Pick<AppDeps, "config">, wallets: string[]): Promise<void> {
  const { ccWei, ethWei } = welcomeAmounts(deps);
  const admin = deps.config.adminWallet.toLowerCase();
  const eligible = wallets.filter((w) => w !== admin);
  if (eligible.length === 0 || (ccWei === 0n && ethWei === 0n)) return;
  await tx
    .insert(welcomeGrants)
    .values(
      eligible.map((wallet) => ({
        wallet,
        ccWei: ccWei.toString(),
        ethWei: ethWei.toString(),
        ethSkipped: ethWei === 0n ? t.welcomeEthOff : null,
      })),
    )
    .onConflictDoNothing();
}

/** pg_advisory_xact_lock key of the treasury's native coin spent on grants ("ccwe"). */
const WELCOME_NATIVE_LOCK = 0x6363_7765;

/**
 * Waits for and takes the lock on the treasury's native coin spent on grants, held until `tx` ends. Every
 * instance on one database takes it before reading what it may spend and signing grants' coin.
 */
export async function lockWelcomeNativeCoin(tx: Tx): Promise<void> {
  // Its holder reads the chain and signs grants meanwhile: no time limit for this wait.
  await allowLongStatements(tx);
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${WELCOME_NATIVE_LOCK})`);
}

/**
 * The native coin the treasury may still spend on grants: its balance, less what its transactions not mined yet
 * may cost at their fee caps (gas and value, any instance's, this request's mint included: read through `tx`),
 * less the gas reserve. A node refuses a transaction that would take the sender's pending total past its
 * balance: counting only the grants' values, a roster of 30 funded to the wei had its last grants refused
 * ("insufficient funds") by a geth node once their gas at the cap was added. The balance and the nonce are read
 * at one block (chain/unmined-payments.ts).
 */
async function spendableNativeCoin(deps: AppDeps, tx: Tx, treasury: `0x${string}`): Promise<bigint> {
  return (await nativeLessPendingCosts(deps, tx, treasury)) - TREASURY_GAS_RESERVE_WEI;
}

/** Gas of a plain transfer of native coin: what each grant's coin costs beside its value. */
const NATIVE_TRANSFER_GAS = 21_000n;

/**
 * A native-coin part not sent yet or skipped only for want of coin: due again, so adding the roster again
 * once the treasury has coin sends it (it used to be skipped for good). WELCOME_ETH=0 is a skip for good.
 */
const ethSkippedForNow = or(isNull(welcomeGrants.ethSkipped), eq(welcomeGrants.ethSkipped, t.welcomeEthSkippedNoFunds));
const skippedForGood = (row: { ethSkipped: string | null }) =>
  row.ethSkipped !== null && row.ethSkipped !== t.welcomeEthSkippedNoFunds;

/** Hashes of payments that will never pay (their grant part is sent again). */
const failedPayment = (column: typeof welcomeGrants.ccTxHash | typeof welcomeGrants.ethTxHash) =>
  sql`${column} IN (SELECT tx_hash FROM treasury_payments WHERE status IN ('dropped', 'reverted'))`;

/**
 * Sends what is unsent of these wallets' grants and waits (a while) for it to be mined; answers each
 * wallet's grant as it stands. Wallets without a claimed grant are left out.
 */
export async function sendWelcomeGrants(deps: AppDeps, wallets: string[]): Promise<WelcomeGrant[]> {
  if (wallets.length === 0) return [];
  const payments = treasuryPaymentsOf(deps);
  // Payments of these grants still open from an earlier request: settled first (re-broadcast, or found
  // dropped so that their part is sent again below).
  const open = await deps.database.db
    .select({ hash: treasuryPayments.txHash })
    .from(treasuryPayments)
    .innerJoin(
      welcomeGrants,
      or(eq(welcomeGrants.ccTxHash, treasuryPayments.txHash), eq(welcomeGrants.ethTxHash, treasuryPayments.txHash)),
    )
    .where(and(inArray(welcomeGrants.wallet, wallets), eq(treasuryPayments.status, "signed")));
  const reopened = [...new Set(open.map((o) => o.hash))];
  for (const hash of reopened) await payments.settle(hash, { timeoutMs: 0 });
  const sent = await payments.send(async (tx, sign) => {
    const hashes: string[] = [];
    const due = await tx
      .select()
      .from(welcomeGrants)
      .where(
        and(
          inArray(welcomeGrants.wallet, wallets),
          or(
            and(
              sql`${welcomeGrants.ccWei} > 0`,
              or(isNull(welcomeGrants.ccTxHash), failedPayment(welcomeGrants.ccTxHash)),
            ),
            and(
              sql`${welcomeGrants.ethWei} > 0`,
              ethSkippedForNow,
              or(isNull(welcomeGrants.ethTxHash), failedPayment(welcomeGrants.ethTxHash)),
            ),
          ),
        ),
      )
      .orderBy(welcomeGrants.wallet)
      .for("update", { skipLocked: true });
    if (due.length === 0) return hashes;

    // CC: one mintBatch per amount (one in practice) for every wallet whose CC is unsent.
    const ccDue = await stillDue(tx, due, "cc");
    const byAmount = new Map<string, string[]>();
    for (const row of ccDue) byAmount.set(row.ccWei, [...(byAmount.get(row.ccWei) ?? []), row.wallet]);
    for (const [amount, to] of byAmount) {
      const hash = await sign({
        purpose: `welcome-cc:${createHash("sha256").update(to.join(",")).digest("hex").slice(0, 32)}`,
        kind: "welcome",
        description: t.welcomeGrantDescription,
        call: { kind: "mint", to: to as `0x${string}`[], amountWei: BigInt(amount) },
      });
      await tx.update(welcomeGrants).set({ ccTxHash: hash }).where(inArray(welcomeGrants.wallet, to));
      hashes.push(hash);
    }

    // Native coin: one transfer each, while the treasury keeps its gas reserve. Under the lock, counting the
    // grants' coin another instance (or this one) signed and has not seen mined yet: the chain's balance
    // alone does not show it, and two instances would both spend the same last coin.
    const ethDue = await stillDue(tx, due, "eth");
    let spendable = 0n;
    let gasEach = 0n;
    if (ethDue.length > 0) {
      await lockWelcomeNativeCoin(tx);
      [spendable, gasEach] = await Promise.all([
        spendableNativeCoin(deps, tx, payments.address),
        payments.feeCap().then((cap) => cap * NATIVE_TRANSFER_GAS),
      ]);
    }
    for (const row of ethDue) {
      const amount = BigInt(row.ethWei);
      if (spendable < amount + gasEach) {
        await tx
          .update(welcomeGrants)
          .set({ ethSkipped: t.welcomeEthSkippedNoFunds })
          .where(inArray(welcomeGrants.wallet, [row.wallet]));
        continue;
      }
      const hash = await sign({
        purpose: `welcome-eth:${row.wallet}`,
        kind: "welcome",
        description: null,
        call: { kind: "native", to: row.wallet as `0x${string}`, amountWei: amount },
      });
      spendable -= amount + gasEach;
      await tx
        .update(welcomeGrants)
        .set({ ethTxHash: hash, ethSkipped: null })
        .where(inArray(welcomeGrants.wallet, [row.wallet]));
      hashes.push(hash);
    }
    return hashes;
  });
  // The re-broadcast open ones too: a grant whose first broadcast failed is mined now, not shown "pending".
  await Promise.all([...reopened, ...sent].map((hash) => payments.settle(hash, { timeoutMs: SETTLE_TIMEOUT_MS })));
  return readWelcomeGrants(deps.database.db, wallets);
}

type GrantRow = typeof welcomeGrants.$inferSelect;

/**
 * `sendWelcomeGrants` for a request whose whitelist rows are already committed: a send that fails (the RPC,
 * the treasury's funds) does not turn the added wallets into a 500; the grants are answered as they stand,
 * with what went wrong, and are sent by the next add of the same wallets.
 */
export async function sendWelcomeGrantsAfterAdding(
  deps: AppDeps,
  wallets: string[],
): Promise<{ grants: WelcomeGrant[]; notSent: string | null }> {
  try {
    return { grants: await sendWelcomeGrants(deps, wallets), notSent: null };
  } catch (error) {
    const short = error instanceof TreasuryOutOfGas ? outOfGas(error) : nodeWords(error);
    return {
      grants: await readWelcomeGrants(deps.database.db, wallets),
      notSent: t.welcomeGrantsNotSent(firstLine(short)),
    };
  }
}

/** The rows whose `part` is unsent or failed (the query above selected rows with either part due). */
async function stillDue(tx: Tx, rows: GrantRow[], part: "cc" | "eth"): Promise<GrantRow[]> {
  const hashOf = (row: GrantRow) => (part === "cc" ? row.ccTxHash : row.ethTxHash);
  const payments = await paymentsByHash(
    tx,
    rows.map(hashOf).filter((h): h is string => h !== null),
  );
  return rows.filter((row) => {
    if (part === "cc" && BigInt(row.ccWei) === 0n) return false;
    if (part === "eth" && (BigInt(row.ethWei) === 0n || skippedForGood(row))) return false;
    const hash = hashOf(row);
    if (hash === null) return true;
    const status = payments.get(hash)?.status;
    return status === "dropped" || status === "reverted";
  });
}

const ccPayment = alias(treasuryPayments, "cc_payment");
const ethPayment = alias(treasuryPayments, "eth_payment");

/**
 * These wallets' grants, with the state of their payments (one query: each grant joined with its two
 * payments), in the order of `wallets`. Wallets without a grant are left out. The add answers and the
 * admin's whitelist both read grants here.
 */
export async function readWelcomeGrants(db: Db, wallets: readonly string[]): Promise<WelcomeGrant[]> {
  if (wallets.length === 0) return [];
  const rows = await db
    .select({ grant: welcomeGrants, ccStatus: ccPayment.status, ethStatus: ethPayment.status })
    .from(welcomeGrants)
    .leftJoin(ccPayment, eq(ccPayment.txHash, welcomeGrants.ccTxHash))
    .leftJoin(ethPayment, eq(ethPayment.txHash, welcomeGrants.ethTxHash))
    .where(inArray(welcomeGrants.wallet, [...wallets]));
  const order = new Map(wallets.map((wallet, index) => [wallet, index]));
  return rows
    .map((row) => welcomeGrantOf(row.grant, row.ccStatus, row.ethStatus))
    .sort((a, b) => (order.get(a.wallet) ?? 0) - (order.get(b.wallet) ?? 0));
}

type PaymentRowStatus = (typeof treasuryPayments.$inferSelect)["status"];

/** A grant as the admin sees it, from its row and its payments' statuses (null: no payment by that hash). */
function welcomeGrantOf(
  row: GrantRow,
  ccPaymentStatus: PaymentRowStatus | null,
  ethPaymentStatus: PaymentRowStatus | null,
): WelcomeGrant {
  // Re-signed with a higher fee a moment ago: its copy is pending (the grant follows it).
  const statusOf = (status: PaymentRowStatus | null): PaymentStatus | undefined =>
    status === null ? undefined : status === "replaced" ? "signed" : status;
  const parts: (PaymentStatus | "unsent")[] = [];
  if (BigInt(row.ccWei) > 0n) parts.push(statusOf(ccPaymentStatus) ?? "unsent");
  if (BigInt(row.ethWei) > 0n && row.ethSkipped === null) parts.push(statusOf(ethPaymentStatus) ?? "unsent");
  const state: WelcomeGrant["state"] = parts.every((p) => p === "mined")
    ? "paid"
    : parts.some((p) => p === "dropped" || p === "reverted")
      ? "failed"
      : parts.includes("unsent")
        ? "unsent"
        : "pending";
  return {
    wallet: row.wallet,
    cc: Number(formatUnits(BigInt(row.ccWei), TOKEN_DECIMALS)),
    eth: row.ethSkipped === null ? formatEther(BigInt(row.ethWei)) : "0",
    ccTxHash: row.ccTxHash,
    ethTxHash: row.ethTxHash,
    ethSkipped: row.ethSkipped,
    state,
  };
}
