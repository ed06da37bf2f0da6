/**
 * What a balance will be once the treasury's payments already signed are mined: the balance and the
 * treasury's nonce are read at one block, and the payments (of `which`) whose nonce that block had not used
 * are subtracted. The nonce, not the recorded status, says whether a payment is in that balance: one may be
 * recorded mined a moment after the read (counted twice over, a CI run answered a raw 502).
 */
import { and, gte, inArray, type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { treasuryPayments } from "../db/schema";
import type { AppDeps } from "../deps";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export async function balanceLessUnminedPayments(
  deps: Pick<AppDeps, "chain">,
  tx: Tx,
  input: { treasury: `0x${string}`; balanceAt(blockNumber: bigint): Promise<bigint>; which: SQL | undefined },
): Promise<bigint> {
  const blockNumber = await deps.chain.getBlockNumber({ cacheTime: 0 });
  const [balance, used] = await Promise.all([
    input.balanceAt(blockNumber),
    deps.chain.getTransactionCount({ address: input.treasury, blockNumber }),
  ]);
  const [pending] = await tx
    .select({ wei: sql<string>`coalesce(sum(${treasuryPayments.amountWei}), 0)::text` })
    .from(treasuryPayments)
    .where(and(input.which, inArray(treasuryPayments.status, ["signed", "mined"]), gte(treasuryPayments.nonce, used)));
  return balance - BigInt(pending?.wei ?? "0");
}
