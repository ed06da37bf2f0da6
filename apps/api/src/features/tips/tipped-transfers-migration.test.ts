/**
 * Migration 0017 (tipped_transfers): every transfer recorded as a tip keeps its claim through "Start new semester"
 * (which empties `tips`), so it is never recorded again. A database deployed before it gets the claims of the
 * tips it holds; the trigger then claims each new tip in its own insert and skips one claimed already; the
 * indexer's undo of a tip the chain dropped gives its transfer back.
 */
import { rmSync } from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { undoTipsAbove } from "../../chain/indexer/tips-follow-chain";
import { migrationsFolder } from "../../db/client";
import { queryRows } from "../../db/raw-rows";
import { openTransactionOfAnotherInstance, settlesWithin } from "../../testing/another-instance";
import { testDatabaseKinds } from "../../testing/database";
import { emptyDatabase, migrationsBefore } from "../../testing/migrations-before";

const MIGRATION = "0017_tipped_transfers";
const before = migrationsBefore(MIGRATION);
afterAll(() => {
  rmSync(before, { recursive: true, force: true });
});

describe.each(testDatabaseKinds())(`migration ${MIGRATION} on %s`, (kind) => {
  it("claims the current tips' transfers, keeps them through the tips' delete, and frees an undone one", async () => {
    const database = await emptyDatabase(kind);
    try {
      const { db } = database;
      await database.migrate(before);
      const wallet = (n: number) => `0x${String(n).padStart(40, "0")}`;
      const [project] = await queryRows<{ id: string | number }>(
        db,
        sql`INSERT INTO projects (author_wallet, project_number, title, image)
            VALUES (${wallet(1)}, 1, 'Fox', 'a.webp') RETURNING id`,
      );
      const projectId = Number(project!.id);
      const hash = (n: number) => `0x${String(n).repeat(64)}`;
      const tip = (txHash: string, logIndex: number, block: number) =>
        queryRows<{ id: string | number }>(
          db,
          sql`INSERT INTO tips (project_id, from_wallet, to_wallet, amount, amount_wei, tx_hash, log_index, block_number)
              VALUES (${projectId}, ${wallet(9)}, ${wallet(1)}, 1, 1000000000000000000, ${txHash}, ${logIndex}, ${block})
              ON CONFLICT DO NOTHING RETURNING id`,
        );
      await tip(hash(1), 0, 10);
      await tip(hash(1), 1, 10);

      await database.migrate(migrationsFolder);
      const claims = async () =>
        (
          await queryRows<{ tx_hash: string; log_index: number }>(
            db,
            sql`SELECT tx_hash, log_index FROM tipped_transfers ORDER BY tx_hash, log_index`,
          )
        ).map((r) => `${r.tx_hash}:${r.log_index}`);
      expect(await claims()).toEqual([`${hash(1)}:0`, `${hash(1)}:1`]);

      // A semester's start empties the tips; their transfers stay claimed, and are not tips again.
      await db.execute(sql`DELETE FROM tips`);
      expect(await tip(hash(1), 0, 10)).toEqual([]);
      expect(await queryRows(db, sql`SELECT 1 FROM tips`)).toEqual([]);
      // A new transfer is claimed with its tip.
      expect(await tip(hash(2), 0, 20)).toHaveLength(1);
      expect(await claims()).toEqual([`${hash(1)}:0`, `${hash(1)}:1`, `${hash(2)}:0`]);

      // The chain drops block 20: the tip is undone and its transfer may be reported again once re-mined.
      await db.transaction((tx) => undoTipsAbove(tx, 15));
      expect(await claims()).toEqual([`${hash(1)}:0`, `${hash(1)}:1`]);
      expect(await tip(hash(2), 0, 21)).toHaveLength(1);

      if (kind === "postgres") {
        // Two instances record the same transfer at once, the semester's tips emptied meanwhile (only the claim
        // stands between them): the second waits for the first's claim and records nothing.
        await db.execute(sql`DELETE FROM tips`);
        const first = await openTransactionOfAnotherInstance(db, async (tx) => {
          await tx.execute(sql`
            INSERT INTO tips (project_id, from_wallet, to_wallet, amount, amount_wei, tx_hash, log_index, block_number)
            VALUES (${projectId}, ${wallet(9)}, ${wallet(1)}, 1, 1000000000000000000, ${hash(3)}, 0, 30)`);
        });
        try {
          const second = tip(hash(3), 0, 30);
          expect(await settlesWithin(second, 300)).toBe(false);
          first.release();
          await first.done;
          expect(await second).toEqual([]);
        } finally {
          first.release();
        }
        expect(await queryRows(db, sql`SELECT 1 FROM tips WHERE tx_hash = ${hash(3)}`)).toHaveLength(1);
      }
    } finally {
      await database.close();
    }
  });
});
