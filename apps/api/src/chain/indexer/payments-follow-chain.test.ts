/**
 * A treasury payment recorded mined in a block the indexer rolls back (a reorg, a node restarted from older
 * state) is open again, for the settler to send again; payments of blocks the chain still has are kept.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { treasuryPayments } from "../../db/schema";
import { createTestDatabase, testDatabaseKinds } from "../../testing/database";
import { type Checkpoint, resetIndex, rollBackTo } from "./store";

const TOKEN = "0x5fbdb2315678afecb367f032d93f642f64180aa3";
const hash = (n: number) => `0x${n.toString(16).padStart(64, "0")}`;

describe.each(testDatabaseKinds())("treasury payments after a rollback on %s", (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });

  it("behavior: mined above the common ancestor → signed again; at or below it, and reverted ones, kept", async () => {
    const { db } = database;
    const payment = (n: number, status: "mined" | "reverted", blockNumber: number) => ({
      txHash: hash(n),
      purpose: `bounty:${n}`,
      kind: "bounty" as const,
      toWallets: [TOKEN],
      amountWei: "1",
      nonce: n,
      rawTx: "0x02",
      status,
      blockNumber,
      feeWei: "21000",
      gasUsed: 21_000,
      settledAt: new Date(),
    });
    await db.insert(treasuryPayments).values([payment(1, "mined", 4), payment(2, "mined", 5), payment(3, "mined", 7)]);
    await db.insert(treasuryPayments).values(payment(4, "reverted", 8));
    const start: Checkpoint = { token: TOKEN, block: 0 };
    expect(await resetIndex(db, undefined, start)).toBe("written");
    expect(await rollBackTo(db, { ...start, block: 0 }, 5)).toBe("written");
    const rows = await db.select().from(treasuryPayments).orderBy(treasuryPayments.nonce);
    // Before: payment 3 stayed "mined" in block 7, which the chain no longer had: a reward shown paid, never paid.
    expect(rows.map((r) => [r.nonce, r.status, r.blockNumber])).toEqual([
      [1, "mined", 4],
      [2, "mined", 5],
      [3, "signed", null],
      [4, "reverted", 8],
    ]);
    const [reopened] = await db.select().from(treasuryPayments).where(eq(treasuryPayments.nonce, 3));
    expect([reopened?.feeWei, reopened?.gasUsed, reopened?.settledAt]).toEqual([null, null, null]);
  });
});
