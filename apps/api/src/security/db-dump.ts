/**
 * Every row of every table, as canonical JSON text sorted within each table: two dumps are equal exactly
 * when the database holds the same bytes (bytea columns arrive as hex, timestamps to the microsecond).
 */
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { queryRows } from "../db/raw-rows";

export type DatabaseDump = Record<string, string[]>;

export async function dumpDatabase(db: Db): Promise<DatabaseDump> {
  const tables = await queryRows<{ schema: string; name: string }>(
    db,
    sql`SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
         WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')
         ORDER BY 1, 2`,
  );
  const dump: DatabaseDump = {};
  for (const { schema, name } of tables) dump[`${schema}.${name}`] = [];
  // Every table in one statement: the authorization matrix dumps the database twice per refused request,
  // and a statement per table made those dumps most of its time.
  const everyRow = sql.join(
    tables.map(
      ({ schema, name }) =>
        sql`SELECT ${`${schema}.${name}`}::text AS t, to_jsonb(x)::text AS r
              FROM ${sql.identifier(schema)}.${sql.identifier(name)} x`,
    ),
    sql` UNION ALL `,
  );
  for (const { t, r } of await queryRows<{ t: string; r: string }>(db, sql`${everyRow} ORDER BY 1, 2`)) {
    dump[t]?.push(r);
  }
  return dump;
}

/** Rows in a dump, for the figures the README quotes. */
export const rowCount = (dump: DatabaseDump) => Object.values(dump).reduce((n, rows) => n + rows.length, 0);
