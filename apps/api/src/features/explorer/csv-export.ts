/**
 * "Export CSV" (issue 18): every transaction the explorer's filters select, newest first, as CSV, produced in
 * batches while it is sent. Each batch is a keyset read down the filter's stream (the positions of
 * streams.ts), so the export costs the same per row at any depth and no row is skipped or repeated when new
 * transfers are indexed meanwhile (they are newer than the export's first row and not part of it).
 */
import { TOKEN_DECIMALS } from "@classcoin/shared/constants";
import type { ExplorerQuery } from "@classcoin/shared/explorer";
import { EXPLORER_CSV_COLUMNS } from "@classcoin/shared/explorer-tools";
import { type SQL, sql } from "drizzle-orm";
import { formatUnits } from "viem";
import type { Db } from "../../db/client";
import { queryRows } from "../../db/raw-rows";
import { currentProfiles, dayBounds, streamLegs, transactionColumns } from "./streams";

/** Rows read per statement. */
export const CSV_BATCH_ROWS = 500;

interface CsvRow {
  id: string | number | bigint;
  type: string;
  from_wallet: string;
  to_wallet: string;
  from_name: string | null;
  to_name: string | null;
  amount_wei: string | number | bigint;
  timestamp: Date | string;
  description: string | null;
  status: string;
  tx_hash: string;
  log_index: number;
  block_number: string | number | bigint;
  pos: string | number | bigint;
}

/**
 * A CSV field (RFC 4180). Text a person typed (names, descriptions) that a spreadsheet would run as a formula
 * (`=`, `+`, `-`, `@`, tab, CR at the start) is prefixed with `'` (OWASP "CSV injection").
 */
export function csvField(value: string | number | null | undefined, typed = false): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (typed && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const csvLine = (fields: string[]) => `${fields.join(",")}\r\n`;

function toLine(row: CsvRow): string {
  const wei = BigInt(String(row.amount_wei).split(".")[0] ?? "0");
  return csvLine([
    csvField(String(row.id)),
    csvField(new Date(row.timestamp).toISOString()),
    csvField(row.type),
    csvField(row.from_wallet),
    csvField(row.from_name, true),
    csvField(row.to_wallet),
    csvField(row.to_name, true),
    csvField(formatUnits(wei, TOKEN_DECIMALS)),
    csvField(row.tx_hash),
    csvField(Number(row.log_index)),
    csvField(String(row.block_number)),
    csvField(row.status, true),
    csvField(row.description, true),
  ]);
}

/** One batch: the next `limit` rows of the filter's stream below position `before` (all of it when null). */
function batchStatement(query: ExplorerQuery, before: bigint | null, limit: number, until: string | undefined): SQL {
  const legs = streamLegs(query).map(
    (leg) => sql`(SELECT id, ${leg.position} AS pos FROM transactions
                   WHERE ${leg.where}
                     AND ${leg.position} IS NOT NULL
                     ${before === null ? sql`` : sql`AND ${leg.position} < ${before.toString()}::bigint`}
                     ${until ? sql`AND "timestamp" < ${until}::timestamptz` : sql``}
                   ORDER BY ${leg.position} DESC
                   LIMIT ${limit})`,
  );
  return sql`
    SELECT ${sql.raw(transactionColumns)}, t.amount_wei, page.pos
      FROM (${sql.join(legs, sql` UNION ALL `)}) page
      JOIN transactions t ON t.id = page.id
      ${currentProfiles}
     ORDER BY page.pos DESC
     LIMIT ${limit}`;
}

/** The CSV, header first, then the rows newest first; `batchRows` is for tests. */
export async function* transactionCsv(
  db: Db,
  query: ExplorerQuery,
  batchRows = CSV_BATCH_ROWS,
): AsyncGenerator<string> {
  yield csvLine([...EXPLORER_CSV_COLUMNS]);
  const { since, until } = dayBounds(query);
  const sinceMs = since ? new Date(since).getTime() : undefined;
  let before: bigint | null = null;
  for (;;) {
    const rows: CsvRow[] = await queryRows<CsvRow>(db, batchStatement(query, before, batchRows, until));
    let text = "";
    for (const row of rows) {
      // Positions follow time, so the first row older than `from` ends the export.
      if (sinceMs !== undefined && new Date(row.timestamp).getTime() < sinceMs) {
        if (text) yield text;
        return;
      }
      text += toLine(row);
    }
    if (text) yield text;
    if (rows.length < batchRows) return;
    before = BigInt(String(rows[rows.length - 1]!.pos));
  }
}

/** The download's file name: `classcoin-transactions[-<wallet>][-<type>][-from-…][-to-…].csv`. */
export function csvFileName(query: ExplorerQuery): string {
  const parts = ["classcoin-transactions"];
  if (query.wallet) parts.push(query.wallet);
  if (query.type) parts.push(query.type);
  if (query.from) parts.push(`from-${query.from}`);
  if (query.to) parts.push(`to-${query.to}`);
  return `${parts.join("-")}.csv`;
}
