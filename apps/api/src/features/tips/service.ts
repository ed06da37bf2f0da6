/**
 * Tips: a tip is money the tipper's wallet already moved on chain with `transfer(author, amount)`. The
 * server trusts nothing the client says about it: it reads the receipt and records the tip only for a
 * successful ClassCoin Transfer log from `fromWallet` to the project's author of exactly `amount`, once per
 * log (unique on tx hash + log index), raising the project's total in the same transaction. Once in all
 * semesters: the tip's insert claims its log in `tipped_transfers` (a trigger, migration 0017), which
 * "Start new semester" does not clear; a log claimed already is not inserted, and answered as a duplicate.
 */
import { classCoinAbi } from "@classcoin/contracts";
import { TOKEN_DECIMALS } from "@classcoin/shared/constants";
import { messages } from "@classcoin/shared/messages";
import { type SendCoin, type SendCoinResult, tipErrors } from "@classcoin/shared/tips";
import { and, desc, eq, sql } from "drizzle-orm";
import {
  type Hash,
  parseEventLogs,
  parseUnits,
  TransactionNotFoundError,
  type TransactionReceipt,
  TransactionReceiptNotFoundError,
  WaitForTransactionReceiptTimeoutError,
} from "viem";
import { invalidateBalance } from "../../chain/balances";
import { tipDescription } from "../../chain/indexer/classify";
import { projects, semesters, tips, transactions } from "../../db/schema";
import type { AppDeps } from "../../deps";
import { badRequest, conflict, HttpError, notFound } from "../../http-errors";

/** How long the server waits for a known but pending transaction to be mined. */
const RECEIPT_TIMEOUT_MS = 30_000;
/** On a public network the client's node may know a fresh transaction before ours does (TIP_TX_GRACE_MS). */
const UNKNOWN_TX_GRACE_MS = { local: 0, sepolia: 10_000 } as const;
/** The first wait for an unknown hash; each next one is twice as long. */
const GRACE_FIRST_POLL_MS = 500;

export async function recordTip(deps: AppDeps, input: SendCoin): Promise<SendCoinResult> {
  const { db } = deps.database;
  if (input.fromWallet === input.toWallet) throw badRequest(messages.send.self);
  const projectId = Number(input.projectId);
  const [project] = await db
    .select({ authorWallet: projects.authorWallet, archived: projects.archived, projectNumber: projects.projectNumber })
    .from(projects)
    .where(eq(projects.id, projectId));
  if (!project) throw notFound(messages.project.notFound);
  if (project.archived) throw badRequest(tipErrors.projectArchived);
  if (project.authorWallet !== input.toWallet) throw badRequest(tipErrors.recipientNotAuthor);

  const receipt = await receiptOf(deps, input.txHash);
  if (receipt.status !== "success") throw badRequest(tipErrors.failed);
  // "Start new semester" empties the tips: a transfer of an earlier semester would count again (for the same
  // author's new project, raising its total and rank). Refused by its block here; one recorded as a tip already
  // (also from the old semester's last blocks, which the new one starts at when the indexer was behind) is
  // refused below as a duplicate by its claim in `tipped_transfers`, which the start keeps.
  const [semester] = await db
    .select({ startBlock: semesters.startBlock })
    .from(semesters)
    .orderBy(desc(semesters.id))
    .limit(1);
  if (receipt.blockNumber < BigInt(semester?.startBlock ?? 0)) throw badRequest(tipErrors.beforeSemester);
  const logIndexes = matchingTransferLogs(deps, receipt, input);

  const amountWei = parseUnits(String(input.amount), TOKEN_DECIMALS).toString();
  const totalReceived = await db.transaction(async (tx) => {
    let recorded: number | undefined;
    for (const logIndex of logIndexes) {
      const [row] = await tx
        .insert(tips)
        .values({
          projectId,
          fromWallet: input.fromWallet,
          toWallet: input.toWallet,
          amount: input.amount,
          amountWei,
          txHash: input.txHash,
          logIndex,
          // The receipt's block: the indexer undoes the tip if the chain drops it (tips-follow-chain.ts).
          blockNumber: Number(receipt.blockNumber),
          blockHash: receipt.blockHash,
        })
        // No row: recorded already, in this semester (tips_tx_log_key) or any (the trigger's claim).
        .onConflictDoNothing()
        .returning({ logIndex: tips.logIndex });
      if (row) {
        recorded = row.logIndex;
        break;
      }
    }
    if (recorded === undefined) throw conflict(tipErrors.duplicate);
    // If the indexer saw the Transfer first, its row becomes a project tip now (it does the same the other way),
    // with the project it was for: the indexer's later reconcile only looks at rows still typed 'transfer'.
    await tx
      .update(transactions)
      .set({ type: "project_tip", description: tipDescription(project.projectNumber) })
      .where(and(eq(transactions.txHash, input.txHash), eq(transactions.logIndex, recorded)));
    // `total_received` follows: the database computes it from the wei (a generated column).
    const [updated] = await tx
      .update(projects)
      .set({ totalReceivedWei: sql`${projects.totalReceivedWei} + ${amountWei}::numeric` })
      .where(eq(projects.id, projectId))
      .returning({ totalReceived: projects.totalReceived });
    return updated!.totalReceived;
  });
  invalidateBalance(input.fromWallet);
  invalidateBalance(input.toWallet);
  return { success: true, projectId: String(projectId), totalReceived, txHash: input.txHash };
}

/** The Transfer logs of our token in the receipt that are exactly this tip; throws saying what differs. */
function matchingTransferLogs(deps: AppDeps, receipt: TransactionReceipt, input: SendCoin): number[] {
  const token = deps.config.tokenAddress?.toLowerCase();
  const transfers = parseEventLogs({
    abi: classCoinAbi,
    eventName: "Transfer",
    logs: receipt.logs.filter((log) => log.address.toLowerCase() === token),
  });
  if (transfers.length === 0) throw badRequest(tipErrors.notClassCoin);
  const fromSender = transfers.filter((log) => log.args.from.toLowerCase() === input.fromWallet);
  if (fromSender.length === 0) throw badRequest(tipErrors.notFromSender);
  const toAuthor = fromSender.filter((log) => log.args.to.toLowerCase() === input.toWallet);
  if (toAuthor.length === 0) throw badRequest(tipErrors.notToAuthor);
  const wei = parseUnits(String(input.amount), TOKEN_DECIMALS);
  const exact = toAuthor.filter((log) => log.args.value === wei);
  if (exact.length === 0) throw badRequest(tipErrors.amountMismatch);
  return exact.map((log) => log.logIndex);
}

/**
 * The transfer's receipt: at once if mined; else, once the node knows the transaction, when it is. A hash the
 * node does not know is looked for again after 0.5, 1, 2, 4 s… until the grace ends: a report of an unknown
 * hash costs about 6 RPC calls on Sepolia, where asking for the receipt and the transaction every second cost
 * about 20 (at the 30 reports a minute a student may send, 0.9 million calls a day on a metered plan).
 */
async function receiptOf(deps: AppDeps, hash: Hash): Promise<TransactionReceipt> {
  const { chain } = deps;
  try {
    return await chain.getTransactionReceipt({ hash });
  } catch (error) {
    if (!(error instanceof TransactionReceiptNotFoundError)) throw error;
  }
  const graceUntil = Date.now() + (deps.config.tipTxGraceMs ?? UNKNOWN_TX_GRACE_MS[deps.config.chain]);
  for (let wait = GRACE_FIRST_POLL_MS; !(await isKnown(deps, hash)); wait *= 2) {
    const left = graceUntil - Date.now();
    if (left <= 0) throw notFound(tipErrors.notFound);
    await new Promise((resolve) => setTimeout(resolve, Math.min(wait, left)));
  }
  try {
    return await chain.waitForTransactionReceipt({ hash, timeout: RECEIPT_TIMEOUT_MS });
  } catch (error) {
    if (error instanceof WaitForTransactionReceiptTimeoutError) throw new HttpError(504, tipErrors.pending);
    throw error;
  }
}

async function isKnown(deps: AppDeps, hash: Hash): Promise<boolean> {
  try {
    await deps.chain.getTransaction({ hash });
    return true;
  } catch (error) {
    if (error instanceof TransactionNotFoundError) return false;
    throw error;
  }
}
