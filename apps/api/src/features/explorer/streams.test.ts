import { TRANSACTION_TYPES } from "@classcoin/shared/constants";
import type { ExplorerQuery } from "@classcoin/shared/explorer";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { queryRows } from "../../db/raw-rows";
import { createTestDatabase, testDatabaseKinds } from "../../testing/database";
import { aggregatesDrift } from "../../testing/transfers";
import { listTransactions } from "./service";
import { dayBounds } from "./streams";

const wallet = (i: number) => `0x${i.toString(16).padStart(40, "0")}` as const;
const DAY = 86_400_000;
const START = Date.parse("2026-03-01T00:00:00Z");

/** `n` rows as a bulk load writes them (no stream positions): 6 wallets, every type, one row every 3 hours
 * from `startMs`; a few self-transfers. */
async function bulkInsert(db: Database["db"], n: number, startMs: number, salt: string) {
  await db.execute(sql`
    INSERT INTO transactions (type, from_wallet, to_wallet, amount, amount_wei, "timestamp", tx_hash, log_index, block_number)
    SELECT (ARRAY['transfer','transfer','project_tip','mint','burn','forum_reward','system'])[1 + (i * 3 + i / 5) % 7],
           '0x' || lpad(to_hex(1 + (i * 5) % 6), 40, '0'),
           '0x' || lpad(to_hex(1 + (i * 11 + i / 9) % 6), 40, '0'),
           1, 1000000000000000000, ${new Date(startMs).toISOString()}::timestamptz + i * interval '3 hours',
           md5(${salt} || i), 0, i
      FROM generate_series(0, ${n - 1}) AS i`);
}

/** The same page by brute force: every matching row, newest first, OFFSET and LIMIT. */
async function bruteForce(db: Database["db"], q: ExplorerQuery, page: number, limit: number) {
  const { since, until } = dayBounds(q);
  const rows = await queryRows<{ id: string | number; n: string | number }>(
    db,
    sql`SELECT id, count(*) OVER () AS n FROM transactions
         WHERE (${q.wallet ?? null}::text IS NULL OR from_wallet = ${q.wallet ?? null} OR to_wallet = ${q.wallet ?? null})
           AND (${q.type ?? null}::text IS NULL OR type = ${q.type ?? null})
           AND (${since ?? null}::timestamptz IS NULL OR "timestamp" >= ${since ?? null}::timestamptz)
           AND (${until ?? null}::timestamptz IS NULL OR "timestamp" < ${until ?? null}::timestamptz)
         ORDER BY "timestamp" DESC, id DESC`,
  );
  return {
    ids: rows.slice((page - 1) * limit, page * limit).map((r) => String(r.id)),
    total: Math.max(1, Math.ceil(Number(rows[0]?.n ?? 0) / limit)),
  };
}

describe.each(testDatabaseKinds())("explorer streams on %s", (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });

  it("numbers rows a bulk load inserts without positions, also rows older than those already there", async () => {
    const { db } = database;
    await bulkInsert(db, 120, START + 10 * DAY, "a");
    expect(await aggregatesDrift(db)).toEqual([]);
    // Older than every row there, then in between: the rows after them move up.
    await bulkInsert(db, 60, START, "b");
    await bulkInsert(db, 30, START + 12 * DAY + 3_600_000, "c");
    expect(await aggregatesDrift(db)).toEqual([]);
    const [row] = await queryRows<{ n: string | number; top: string | number }>(
      db,
      sql`SELECT count(*) AS n, max(seq) AS top FROM transactions`,
    );
    expect([Number(row?.n), Number(row?.top)]).toEqual([210, 210]);
  });

  it("renumbers after a row changes type (one or several) and after a delete that is not the newest rows", async () => {
    const { db } = database;
    await db.execute(sql`UPDATE transactions SET type = 'project_tip' WHERE seq = 40 AND type <> 'project_tip'`);
    await db.execute(sql`UPDATE transactions SET type = 'transfer' WHERE seq = 41`);
    expect(await aggregatesDrift(db)).toEqual([]);
    await db.execute(sql`UPDATE transactions SET type = 'mint' WHERE seq IN (5, 77, 150, 209)`);
    expect(await aggregatesDrift(db)).toEqual([]);
    await db.execute(sql`DELETE FROM transactions WHERE seq IN (3, 100)`);
    expect(await aggregatesDrift(db)).toEqual([]);
    // A reorg deletes the newest rows: nothing to renumber, and still exact.
    await db.execute(sql`DELETE FROM transactions WHERE seq > 200`);
    expect(await aggregatesDrift(db)).toEqual([]);
  });

  it("serves every page of every filter as an OFFSET scan would, first, middle and last", async () => {
    const { db } = database;
    const day = (offset: number) => new Date(START + offset * DAY).toISOString().slice(0, 10);
    const filters: ExplorerQuery[] = [
      {},
      ...TRANSACTION_TYPES.map((type) => ({ type })),
      { wallet: wallet(1) },
      { wallet: wallet(4) },
      { wallet: wallet(99) },
      { wallet: wallet(2), type: "transfer" },
      { wallet: wallet(3), type: "mint" },
      { from: day(11) },
      { to: day(5) },
      { from: day(3), to: day(12) },
      { from: day(40), to: day(41) },
      { from: day(12), to: day(12) },
      { type: "transfer", from: day(4), to: day(13) },
      { wallet: wallet(5), from: day(11) },
      { wallet: wallet(6), type: "transfer", to: day(11) },
      { wallet: wallet(1), from: day(13), to: day(13) },
    ];
    for (const filter of filters) {
      for (const limit of [7, 25]) {
        const { total } = await bruteForce(db, filter, 1, limit);
        for (const page of new Set([1, 2, Math.ceil(total / 2), total - 1, total, total + 1])) {
          if (page < 1) continue;
          const want = await bruteForce(db, filter, page, limit);
          const got = await listTransactions(db, { ...filter, page, limit });
          const label = JSON.stringify({ filter, page, limit });
          expect(got.pagination, label).toEqual({
            current: page,
            total: want.total,
            hasPrev: page > 1,
            hasNext: page < want.total,
          });
          expect(
            got.transactions.map((t) => t._id),
            label,
          ).toEqual(want.ids);
        }
      }
    }
  });
});
