/** Explorer requests (spec §7 "GET /api/explorer/…"): query filters, the details id and the daily chart. */
import { z } from "zod";
import { EXPLORER_PAGE_SIZE, TRANSACTION_TYPES } from "./constants";
import { idSchema, isoDateBetween, walletSchema, wholeNumber } from "./primitives";

const EXPLORER_MAX_PAGE_SIZE = 100;
export const EXPLORER_DEFAULT_DAYS = 30;
const EXPLORER_MAX_DAYS = 366;
/** Date filters the database can hold whatever the arithmetic on them (`to` + 1 day): 0000-01-01 and
 * 9999-12-31 were a 500 ("date/time field value out of range"). No token transfer predates 1970. */
export const EXPLORER_MIN_DATE = "1970-01-01";
export const EXPLORER_MAX_DATE = "2999-12-31";
const explorerDate = (name: string) =>
  isoDateBetween(
    EXPLORER_MIN_DATE,
    EXPLORER_MAX_DATE,
    `${name} must be a date in YYYY-MM-DD format between ${EXPLORER_MIN_DATE} and ${EXPLORER_MAX_DATE}`,
  );

/** An IANA time zone name the runtime knows (`Europe/Berlin`, `UTC`). */
function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
const TIME_ZONE_MESSAGE = "tz must be an IANA time zone name such as Europe/Berlin";

/** A filter left empty in a form arrives as `wallet=`; it means "no filter", not an invalid value. */
const blankToUndefined = (value: unknown) => (value === "" ? undefined : value);

/** `?tz=`: the visitor's time zone, optional (UTC without it). */
const timeZoneQuery = z.preprocess(
  blankToUndefined,
  z
    .string({ error: TIME_ZONE_MESSAGE })
    .refine((name) => /^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(name) && isTimeZone(name), TIME_ZONE_MESSAGE)
    .optional(),
);

export const explorerQuerySchema = z
  .object({
    page: z.preprocess(
      blankToUndefined,
      wholeNumber("page must be a whole number from 1 to 1000000000", 1, 1_000_000_000).optional(),
    ),
    limit: z.preprocess(
      blankToUndefined,
      wholeNumber(
        `limit must be a whole number from 1 to ${EXPLORER_MAX_PAGE_SIZE}`,
        1,
        EXPLORER_MAX_PAGE_SIZE,
      ).optional(),
    ),
    wallet: z.preprocess(blankToUndefined, walletSchema.optional()),
    // "all" is what a type select shows for no filter.
    type: z.preprocess(
      (value) => (value === "all" ? undefined : blankToUndefined(value)),
      z.enum(TRANSACTION_TYPES, { error: `type must be one of: ${TRANSACTION_TYPES.join(", ")}` }).optional(),
    ),
    from: z.preprocess(blankToUndefined, explorerDate("from").optional()),
    to: z.preprocess(blankToUndefined, explorerDate("to").optional()),
    // The visitor's time zone: `from` and `to` are days on the visitor's calendar, as the table shows each
    // transaction's time in it. Without it they are UTC days.
    tz: timeZoneQuery,
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: "from must be on or before to",
    path: ["from"],
  });
export type ExplorerQuery = z.output<typeof explorerQuerySchema>;

export const explorerPageDefaults = { page: 1, limit: EXPLORER_PAGE_SIZE } as const;

export const transactionIdParamsSchema = z.object({ id: idSchema });

export const explorerDailyQuerySchema = z.object({
  // The chart's days are the visitor's (the web sends its time zone), as the date filters' are.
  tz: timeZoneQuery,
  days: z.preprocess(
    blankToUndefined,
    wholeNumber(`days must be a whole number from 1 to ${EXPLORER_MAX_DAYS}`, 1, EXPLORER_MAX_DAYS).optional(),
  ),
});

const explorerDaySchema = z.object({
  /** Calendar day, YYYY-MM-DD: of the `tz` asked for, else UTC. */
  day: z.string(),
  transactions: z.number(),
  volume: z.number(),
});
export const explorerDailySchema = z.array(explorerDaySchema);
export type ExplorerDay = z.infer<typeof explorerDaySchema>;
