/**
 * Calendar days in a visitor's time zone (an IANA name, validated by the shared explorer schemas), or UTC
 * without one: the explorer's date filters and its daily chart count the days the visitor's clock shows.
 */
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * One formatter per zone, made once: making one costs a fraction of a millisecond, and a year's chart asks for
 * about 1,500 offsets, so a new one each time made every `?days=366&tz=…` cost 100–400 ms of the event loop,
 * which any visitor could ask for again and again past the response cache (each spelling of a zone,
 * `eUROPE/bERLIN`, and each `days` is its own entry). Bounded: emptied when it holds more names than the
 * ~600 zones there are (a client sending many spellings only makes it rebuild).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
const MAX_FORMATTERS = 1_024;

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    if (formatters.size >= MAX_FORMATTERS) formatters.clear();
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** How far `timeZone`'s wall clock is ahead of UTC at the instant `at` (ms). */
function zoneOffsetMs(at: number, timeZone: string): number {
  const parts = formatterFor(timeZone).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(part("year"), part("month") - 1, part("day"), part("hour"), part("minute"), part("second"));
  return wall - Math.floor(at / 1000) * 1000;
}

/** The instant a day (YYYY-MM-DD) starts in `timeZone` (UTC when none). */
export function dayStart(day: string, timeZone: string | undefined): number {
  const utcMidnight = Date.parse(`${day}T00:00:00Z`);
  if (!timeZone) return utcMidnight;
  // Twice: the offset at the first guess may differ from the one at midnight (a daylight-saving change).
  const guess = utcMidnight - zoneOffsetMs(utcMidnight, timeZone);
  const start = utcMidnight - zoneOffsetMs(guess, timeZone);
  // No 00:00 that day (Chile's and Cuba's clocks spring forward at midnight): `start` is then 23:00 of the day
  // before by the old offset, and the day begins where that offset reaches midnight, the change itself (01:00).
  if (dayAt(new Date(start), timeZone) !== day) return utcMidnight - zoneOffsetMs(start, timeZone);
  return start;
}

/** The calendar day after `day` (YYYY-MM-DD). */
export function dayAfter(day: string): string {
  return addDays(day, 1);
}

/** `day` (YYYY-MM-DD) moved by `days` calendar days. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The day (YYYY-MM-DD) `timeZone`'s calendar shows at `at` (UTC's without one). */
export function dayAt(at: Date, timeZone: string | undefined): string {
  if (!timeZone) return at.toISOString().slice(0, 10);
  return new Date(at.getTime() + zoneOffsetMs(at.getTime(), timeZone)).toISOString().slice(0, 10);
}
