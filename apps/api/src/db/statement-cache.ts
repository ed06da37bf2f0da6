/**
 * Named prepared statements for node-postgres, the way pgx and the JDBC driver cache them: every query that
 * carries bind parameters is sent under a name derived from its text, so each pooled connection parses and
 * plans it once and afterwards only binds and executes. Planning is most of the work of the hot reads: the
 * explorer's one-statement page runs at ~1,050/s parsed each time and ~9,200/s prepared (pgbench, 4 clients,
 * this machine), the forum's list ~1,600/s vs ~2,500/s (bench/findings.md).
 *
 * Only parameterised queries are named: a text without parameters may hold several statements (migrations),
 * which PostgreSQL refuses to prepare. Our SQL is built by Drizzle with values as parameters, so the number
 * of distinct texts is the number of query shapes in the code; a shape made of values anyway (a list of
 * variable length) is bounded by the per-connection cap, past which queries go unnamed as before.
 * PostgreSQL re-plans a prepared statement by itself when a table it uses changes.
 *
 * Behind a transaction-mode PgBouncer, named statements need its `max_prepared_statements` (1.21+).
 */
import { createHash } from "node:crypto";
import type pg from "pg";

/** Statements prepared per connection; each costs the server some memory for its plan. */
export const STATEMENTS_PER_CONNECTION = 256;

const names = new Map<string, string>();
const MAX_REMEMBERED_NAMES = 4 * STATEMENTS_PER_CONNECTION;

function statementName(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `cc_${createHash("sha256").update(text).digest("hex").slice(0, 32)}`;
    // Remembering is only a shortcut past hashing; forgetting everything at the cap keeps it bounded.
    if (names.size >= MAX_REMEMBERED_NAMES) names.clear();
    names.set(text, name);
  }
  return name;
}

interface QueryConfigLike {
  text?: unknown;
  name?: unknown;
  values?: unknown;
  submit?: unknown;
}

/** Gives `client.query` a name for every parameterised query (config objects, as Drizzle sends them). */
export function cacheStatements(client: pg.Client | pg.PoolClient): void {
  const prepared = new Set<string>();
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const named = (config: QueryConfigLike, values: unknown): QueryConfigLike => {
    // A Submittable (cursor, stream) or an already named query is left as it is.
    if (typeof config.text !== "string" || config.name !== undefined || typeof config.submit === "function") {
      return config;
    }
    const parameters = values ?? config.values;
    if (!Array.isArray(parameters) || parameters.length === 0) return config;
    const name = statementName(config.text);
    if (!prepared.has(name)) {
      if (prepared.size >= STATEMENTS_PER_CONNECTION) return config;
      prepared.add(name);
    }
    // A copy: Drizzle reuses its config object for every run of a prepared query.
    return { ...config, name };
  };
  client.query = ((config: unknown, ...rest: unknown[]) =>
    typeof config === "object" && config !== null
      ? query(named(config as QueryConfigLike, rest[0]), ...rest)
      : query(config, ...rest)) as typeof client.query;
}
