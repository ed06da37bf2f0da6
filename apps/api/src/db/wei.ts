/** Exact token amounts in SQL: numeric wei, turned into CC only where a number is answered. */
import { TOKEN_DECIMALS } from "@classcoin/shared/constants";
import { sql } from "drizzle-orm";

/** 10^18 as a numeric literal: `wei / WEI_PER_CC` is CC, computed from the exact amount every time. */
export const WEI_PER_CC = sql.raw(`1${"0".repeat(TOKEN_DECIMALS)}`);
