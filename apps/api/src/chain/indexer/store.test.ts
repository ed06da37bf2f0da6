/**
 * The indexer's write path (store.ts) on synthetic batches, without a chain: many transfers in one block and
 * across blocks, self-transfers, mints, names and descriptions that need quoting in an array literal. The rows
 * a batch writes must equal the same rows loaded plainly into another database (where the triggers number
 * the streams themselves), with the same aggregates and holders, and stay so after a reorg.
 */
import { sql } from "drizzle-orm";
import { formatUnits } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { queryRows } from "../../db/raw-rows";
import { profiles, transactions, treasuryPayments } from "../../db/schema";
import { createTestDatabase, testDatabaseKinds } from "../../testing/database";
import { aggregatesDrift } from "../../testing/transfers";
import type { TransferLog } from "./read-logs";
import { type Checkpoint, numberArray, resetIndex, rollBackTo, textArray, writeBatch } from "./store";

const TOKEN = "0x00000000000000000000000000000000000c0de1" as const;
const ZERO = "0x0000000000000000000000000000000000000000" as const;
const hex = (n: number, length: number) => `0x${n.toString(16).padStart(length, "0")}` as `0x${string}`;
const wallet = (n: number) => hex(0xa11e7000 + n, 40);
const blockHash = (n: number) => hex(0xb10c000 + n, 64);
const TRICKY_NAMES = ['Ada "the" \\ {first}, NULL', "NULL", "", "Zoë, {x}"];
const TREASURY_TX = hex(0x7ea5, 64);
const TREASURY_DESCRIPTION = 'Award "best, {project}" \\o/';

/** Blocks from..to; in each, `perBlock` logs: mints, transfers among 12 wallets, a self-transfer. */
function logsOf(from: number, to: number, perBlock: number): TransferLog[] {
  const logs: TransferLog[] = [];
  for (let block = from; block <= to; block++) {
    for (let i = 0; i < perBlock; i++) {
      const k = block * 1000 + i;
      const mint = i % 5 === 0;
      const sender = mint ? ZERO : wallet(k % 12);
      const recipient = i % 7 === 3 ? sender : wallet((k * 5 + 1) % 12);
      logs.push({
        txHash: block === from && i === 1 ? TREASURY_TX : hex(k, 64),
        logIndex: i,
        blockNumber: block,
        blockHash: blockHash(block),
        from: sender,
        to: recipient === ZERO ? wallet(1) : recipient,
        value: 10n ** 18n * BigInt(1 + (k % 9)) + BigInt(k),
        blockTimestamp: 1_700_000_000 + block * 12,
      });
    }
  }
  return logs;
}

async function write(db: Database["db"], expected: Checkpoint, logs: TransferLog[], end: number) {
  const outcome = await writeBatch(db, {
    expected,
    end: { number: end, hash: blockHash(end), timestamp: new Date((1_700_000_000 + end * 12) * 1000) },
    logs,
    headers: new Map(),
  });
  expect(outcome).toBe("written");
  return { ...expected, block: end };
}

/** Every column the explorer shows or pages by, in index order. */
function rowsOf(db: Database["db"]) {
  return queryRows<Record<string, unknown>>(
    db,
    sql`SELECT type, description, from_wallet, to_wallet, from_name, to_name, from_photo, to_photo, amount,
               amount_wei::text AS amount_wei, "timestamp", status, tx_hash, log_index, block_number::int AS block_number,
               seq::int AS seq, type_seq::int AS type_seq, from_seq::int AS from_seq, to_seq::int AS to_seq,
               from_type_seq::int AS from_type_seq, to_type_seq::int AS to_type_seq
          FROM transactions ORDER BY seq`,
  );
}

/** The aggregates and holders tables (rows with a count or balance). */
async function kept(db: Database["db"]) {
  return {
    totals: await queryRows(
      db,
      sql`SELECT type, count::int, volume_wei::text FROM transaction_totals WHERE count <> 0 ORDER BY type`,
    ),
    daily: await queryRows(
      db,
      sql`SELECT day::text, type, count::int, volume_wei::text FROM transaction_daily WHERE count <> 0 ORDER BY 1, 2`,
    ),
    hourly: await queryRows(
      db,
      sql`SELECT hour::text, count::int, volume_wei::text FROM transaction_hourly WHERE count <> 0 ORDER BY 1`,
    ),
    wallets: await queryRows(
      db,
      sql`SELECT wallet, type, count::int FROM transaction_wallet_totals WHERE count <> 0 ORDER BY 1, 2`,
    ),
    holders: await queryRows(
      db,
      sql`SELECT wallet, balance_wei::text FROM holders WHERE balance_wei <> 0 ORDER BY wallet`,
    ),
  };
}

/** Holders whose kept balance differs from the sum of their rows. */
function holdersDrift(db: Database["db"]) {
  return queryRows(
    db,
    sql`WITH b AS (
          SELECT wallet, sum(delta) AS balance_wei FROM (
            SELECT to_wallet AS wallet, amount_wei AS delta FROM transactions
            UNION ALL SELECT from_wallet, -amount_wei FROM transactions) d
           WHERE wallet <> ${ZERO} GROUP BY wallet)
        (SELECT wallet, balance_wei FROM b WHERE balance_wei <> 0
         EXCEPT SELECT wallet, balance_wei FROM holders WHERE balance_wei <> 0)
        UNION ALL
        (SELECT wallet, balance_wei FROM holders WHERE balance_wei <> 0
         EXCEPT SELECT wallet, balance_wei FROM b WHERE balance_wei <> 0)`,
  );
}

describe("array literals", () => {
  it("quote text so PostgreSQL reads every value back, and print numbers exactly", () => {
    expect(textArray(["a", null, undefined, 'x "y" \\ {z},', "NULL", ""])).toBe(
      '{"a",NULL,NULL,"x \\"y\\" \\\\ {z},","NULL",""}',
    );
    expect(numberArray([1, null, 0.1, 1e-7, 2 ** 53])).toBe("{1,NULL,0.1,1e-7,9007199254740992}");
    expect(() => numberArray([Number.NaN])).toThrow();
  });
});

describe.each(testDatabaseKinds())("indexer batches on %s", (kind) => {
  let indexed: Database;
  let loaded: Database;
  beforeAll(async () => {
    [indexed, loaded] = await Promise.all([createTestDatabase(kind), createTestDatabase(kind)]);
    for (const database of [indexed, loaded]) {
      await database.db.insert(profiles).values(
        TRICKY_NAMES.map((name, i) => ({
          wallet: wallet(i),
          name,
          birthday: "2000-01-01",
          starSign: "Leo",
          photo: i === 0 ? 'a"b\\c.webp' : null,
        })),
      );
      await database.db.insert(treasuryPayments).values({
        txHash: TREASURY_TX,
        purpose: "award",
        kind: "award",
        description: TREASURY_DESCRIPTION,
        toWallets: [wallet(1)],
        amountWei: "1",
        nonce: 0,
        rawTx: "0x",
      });
    }
  }, 60_000);
  afterAll(async () => {
    await indexed?.close();
    await loaded?.close();
  });

  it("writes batches of many logs per block and across blocks as a plain load would, and undoes a reorg", async () => {
    const start: Checkpoint = { token: TOKEN, block: 9 };
    expect(await resetIndex(indexed.db, undefined, start)).toBe("written");
    // A dense batch (300 logs in each of 3 blocks), then a sparse one (a log in each of 400 blocks).
    const dense = logsOf(10, 12, 300);
    const sparse = logsOf(13, 412, 1);
    let checkpoint = await write(indexed.db, start, dense, 12);
    checkpoint = await write(indexed.db, checkpoint, sparse, 420);

    const rows = await rowsOf(indexed.db);
    expect(rows).toHaveLength(dense.length + sparse.length);
    expect(await aggregatesDrift(indexed.db)).toEqual([]);
    expect(await holdersDrift(indexed.db)).toEqual([]);
    // Values that need quoting came through unchanged.
    const named = rows.find((r) => r.from_wallet === wallet(0));
    expect(named).toMatchObject({ from_name: TRICKY_NAMES[0], from_photo: 'a"b\\c.webp' });
    expect(new Set(rows.filter((r) => r.to_wallet === wallet(1)).map((r) => r.to_name))).toEqual(new Set(["NULL"]));
    expect(rows.filter((r) => r.to_wallet === wallet(2)).every((r) => r.to_name === "")).toBe(true);
    expect(rows.find((r) => r.tx_hash === TREASURY_TX)).toMatchObject({
      type: "system",
      description: TREASURY_DESCRIPTION,
    });
    const first = dense[0];
    expect(rows.find((r) => r.tx_hash === first?.txHash && r.log_index === 0)).toMatchObject({
      amount_wei: first?.value.toString(),
      amount: Number(formatUnits(first?.value ?? 0n, 18)),
      type: "mint",
      status: "completed",
    });
    expect(rows.some((r) => r.from_wallet === r.to_wallet && r.to_seq === null)).toBe(true);

    // The same rows, loaded without positions into another database: its triggers number the streams.
    await loaded.db.insert(transactions).values(
      rows.map((r) => ({
        type: r.type as "transfer",
        description: r.description as string | null,
        fromWallet: r.from_wallet as string,
        toWallet: r.to_wallet as string,
        fromName: r.from_name as string | null,
        toName: r.to_name as string | null,
        fromPhoto: r.from_photo as string | null,
        toPhoto: r.to_photo as string | null,
        amount: r.amount as number,
        amountWei: r.amount_wei as string,
        timestamp: new Date(r.timestamp as string),
        status: r.status as string,
        txHash: r.tx_hash as string,
        logIndex: r.log_index as number,
        blockNumber: r.block_number as number,
      })),
    );
    expect(await rowsOf(loaded.db)).toEqual(rows);
    expect(await kept(loaded.db)).toEqual(await kept(indexed.db));

    // A reorg below the sparse batch's middle: the rows above go, aggregates and holders follow.
    const ancestor = 200;
    expect(await rollBackTo(indexed.db, checkpoint, ancestor)).toBe("written");
    await loaded.db.execute(sql`DELETE FROM transactions WHERE block_number > ${ancestor}`);
    expect(await rowsOf(indexed.db)).toEqual(rows.filter((r) => (r.block_number as number) <= ancestor));
    expect(await kept(indexed.db)).toEqual(await kept(loaded.db));
    expect(await aggregatesDrift(indexed.db)).toEqual([]);
    expect(await holdersDrift(indexed.db)).toEqual([]);

    // The same blocks again: the same rows and positions as before the reorg.
    await write(
      indexed.db,
      { ...checkpoint, block: ancestor },
      sparse.filter((l) => l.blockNumber > ancestor),
      420,
    );
    expect(await rowsOf(indexed.db)).toEqual(rows);
    expect(await aggregatesDrift(indexed.db)).toEqual([]);
    expect(await holdersDrift(indexed.db)).toEqual([]);
  });
});
