/**
 * What a balance will be once the treasury's payments already signed are mined: the balance and the
 * treasury's nonce are read at one block, and the payments (of `which`) whose nonce that block had not used
 * are subtracted. The nonce, not the recorded status, says whether a payment is in that balance: one may be
 * recorded mined a moment after the read (counted twice over, a CI run answered a raw 502).
 */
import { and, gte, inArray, type SQL, sql } from "drizzle-orm";
import { type Hex, parseTransaction } from "viem";
import type { Db, Tx } from "../db/client";
import { treasuryPayments } from "../db/schema";
import type { AppDeps } from "../deps";

/** A block and the treasury's nonce used by it: what the reads below are made at, together. */
export interface TreasuryAt {
  blockNumber: bigint;
  used: number;
}

/**
 * `read` at the latest block, with the treasury's nonce used by that block: read before `read` and after it,
 * the lower of the two kept. anvil answers a read at block B from its live state while it mines B+1 (B+1's
 * transactions in it), then from B's own state again a moment later; a relay read the nonce in that moment and
 * the balance after it, so the transfer just mined was neither in the balance nor subtracted (a raw 502 in one
 * CI run; in a hammer of 1,000 pairs of relays at once, about one second relay in four on a loaded machine).
 * The answer at B changes once and back: a nonce counting B+1 in both reads had the read between them count it
 * too, and a lower one subtracts B+1's payments even from a balance they are out of (a refusal, never an
 * overspend). A node that keeps B's state fixed (geth) answers both alike; it costs one call.
 */
export async function readAtTreasuryBlock<T>(
  deps: Pick<AppDeps, "chain">,
  treasury: `0x${string}`,
  read: (blockNumber: bigint) => Promise<T>,
): Promise<{ at: TreasuryAt; value: T }> {
  const blockNumber = await deps.chain.getBlockNumber({ cacheTime: 0 });
  const usedAt = () => deps.chain.getTransactionCount({ address: treasury, blockNumber });
  const before = await usedAt();
  const value = await read(blockNumber);
  const after = await usedAt();
  return { at: { blockNumber, used: Math.min(before, after) }, value };
}

/** `balance` (read with `readAtTreasuryBlock`) less the payments of `which` its block had not mined. */
export async function balanceLessUnminedPayments(
  tx: Tx,
  input: { at: TreasuryAt; balance: bigint; which: SQL | undefined },
): Promise<bigint> {
  const [pending] = await tx
    .select({ wei: sql<string>`coalesce(sum(${treasuryPayments.amountWei}), 0)::text` })
    .from(treasuryPayments)
    .where(
      and(
        input.which,
        inArray(treasuryPayments.status, ["signed", "mined"]),
        gte(treasuryPayments.nonce, input.at.used),
      ),
    );
  return input.balance - BigInt(pending?.wei ?? "0");
}

/**
 * The most each of the treasury's transactions not mined yet (nonce `used` on) may cost it: gas at its fee cap
 * plus value, by nonce (a payment and its re-signed copies share one nonce: the node holds one of them, so the
 * dearest counts). A node refuses a transaction that would take the sender's pending total past its balance,
 * so this, not only the values, is what a new payment must fit beside. Read through `db` or a transaction,
 * which then sees its own payments signed and not yet committed. Recorded mined counts too while its nonce is
 * at or past `used` (the header's rule: mined after the block `used` was read at, so not in its balance).
 */
export async function pendingCostsByNonce(db: Db | Tx, used: number): Promise<Map<number, bigint>> {
  const rows = await db
    .select({
      nonce: treasuryPayments.nonce,
      rawTx: treasuryPayments.rawTx,
      native: treasuryPayments.native,
      amountWei: treasuryPayments.amountWei,
    })
    .from(treasuryPayments)
    .where(and(inArray(treasuryPayments.status, ["signed", "mined"]), gte(treasuryPayments.nonce, used)));
  const costs = new Map<number, bigint>();
  for (const row of rows) {
    const cost = costAtCap(row);
    const known = costs.get(row.nonce) ?? 0n;
    costs.set(row.nonce, cost > known ? cost : known);
  }
  return costs;
}

/**
 * The treasury's native coin once everything it has signed is mined at worst: its balance less the cost at
 * the fee cap of each of its transactions not mined yet (any instance's; read through `tx`, also those this
 * transaction signed and has not committed). `read`: its balance already read with `readAtTreasuryBlock`
 * (beside other reads at that block); without it, read here.
 */
export async function nativeLessPendingCosts(
  deps: Pick<AppDeps, "chain">,
  tx: Tx,
  treasury: `0x${string}`,
  read?: { at: TreasuryAt; balance: bigint },
): Promise<bigint> {
  const { at, balance } = read ?? (await treasuryBalance(deps, treasury));
  let pending = 0n;
  for (const cost of (await pendingCostsByNonce(tx, at.used)).values()) pending += cost;
  return balance - pending;
}

async function treasuryBalance(
  deps: Pick<AppDeps, "chain">,
  treasury: `0x${string}`,
): Promise<{ at: TreasuryAt; balance: bigint }> {
  const { at, value } = await readAtTreasuryBlock(deps, treasury, (blockNumber) =>
    deps.chain.getBalance({ address: treasury, blockNumber }),
  );
  return { at, balance: value };
}

/** A payment's gas at its cap plus its value; bytes that do not parse count their recorded value alone. */
function costAtCap(row: { rawTx: string; native: boolean; amountWei: string }): bigint {
  const value = row.native ? BigInt(row.amountWei) : 0n;
  try {
    const tx = parseTransaction(row.rawTx as Hex);
    return (tx.gas ?? 0n) * (tx.maxFeePerGas ?? tx.gasPrice ?? 0n) + (tx.value ?? value);
  } catch {
    return value;
  }
}
