import type { SQL } from "drizzle-orm";
import type { Db } from "./client";

/**
 * Rows of a raw `execute(sql…)`. Both drivers (node-postgres and PGlite) answer `{ rows }`; Drizzle types
 * the result as unknown because `Db` spans both. Column types differ by driver (int8 and numeric arrive as
 * strings on node-postgres), so callers convert with Number()/BigInt().
 */
export async function queryRows<T>(db: Pick<Db, "execute">, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as { rows: T[] };
  return result.rows;
}
