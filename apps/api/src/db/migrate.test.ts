/**
 * Instances started together on a fresh PostgreSQL database all migrate it (issue 15: without a lock, 4 of 6
 * rounds failed with `duplicate key … pg_type_typname_nsp_index`). PostgreSQL only: runs when
 * TEST_DATABASE_URL is set, like every PostgreSQL variant of the API suites.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createThrowawayPostgres } from "../testing/database";
import { openPostgres } from "./client";
import { MIGRATION_LOCK } from "./migrate";
import { queryRows } from "./raw-rows";

const ROUNDS = 10;

describe.runIf(process.env.TEST_DATABASE_URL)("migrations on PostgreSQL", () => {
  it(`behavior: two instances migrating a fresh database at once both start, ${ROUNDS} rounds in a row`, async () => {
    const failures: string[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const throwaway = await createThrowawayPostgres(undefined, "classcoin_migrate");
      try {
        const opened = await Promise.allSettled([
          openPostgres(throwaway.url, { poolSize: 2 }),
          openPostgres(throwaway.url, { poolSize: 2 }),
        ]);
        for (const result of opened) {
          if (result.status === "rejected") failures.push(`round ${round}: ${(result.reason as Error).message}`);
        }
        const databases = opened.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
        const first = databases[0];
        if (first) {
          const [applied] = await queryRows<{ n: number }>(
            first.db,
            sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`,
          );
          const [locks] = await queryRows<{ n: number }>(
            first.db,
            sql`SELECT count(*)::int AS n FROM pg_locks
                WHERE locktype = 'advisory' AND objid = ${MIGRATION_LOCK}
                  AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
          );
          expect(applied?.n).toBeGreaterThan(0);
          expect(locks?.n, "the migration lock is released").toBe(0);
        }
        await Promise.all(databases.map((d) => d.close()));
      } finally {
        await throwaway.drop();
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
