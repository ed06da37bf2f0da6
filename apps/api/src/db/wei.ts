/** Exact token amounts in SQL: numeric wei, turned into CC only where a number is answered. */
import { TOKEN_DECIMALS } from "@classcoin/shared/constants";
import { sql } from "drizzle-orm";
import { parseUnits } from "viem";

/** 10^18 as a numeric literal: `wei / WEI_PER_CC` is CC, computed from the exact amount every time. */
export const WEI_PER_CC = sql.raw(`1${"0".repeat(TOKEN_DECIMALS)}`);

/** `cc` CC as wei (numeric text): what a row written directly (a fixture, a seed) puts in a `*_wei` column. */
export function weiOfCc(cc: number): string {
  return parseUnits(String(cc), TOKEN_DECIMALS).toString();
}
