/**
 * `GET /api/explorer/daily?days=&tz=` is public and not rate-limited, and the response cache does not stand in
 * front of a new query: each spelling of a zone (Intl reads `eUROPE/bERLIN` as Europe/Berlin) and each `days`
 * from 1 to 366 is its own entry. A year's chart in a time zone made a new Intl formatter for each of its
 * ~1,500 offsets: 100–400 ms of the event loop per request, in one piece, so a visitor asking for new
 * spellings one after another stalled every other request. Timed on the day bounds a chart computes (the
 * database's part is measured apart from it: a busy machine would blur both).
 */
import { describe, expect, it } from "vitest";
import { addDays, dayAt, dayStart } from "../features/explorer/time-zone-days";

/** `name` with its letters' case flipped where `mask`'s bits say: the same zone, another cache entry. */
const spelling = (name: string, mask: number) =>
  [...name].map((c, i) => ((mask >> i) & 1 ? c.toUpperCase() : c.toLowerCase())).join("");

/** The Intl formatters made while `run` runs (each costs a fraction of a millisecond; a year's chart asked ~1,500). */
function formattersMade(run: () => void): number {
  const original = Intl.DateTimeFormat;
  let made = 0;
  Intl.DateTimeFormat = new Proxy(original, {
    construct(target, args) {
      made++;
      return Reflect.construct(target, args);
    },
    apply(target, self, args) {
      made++;
      return Reflect.apply(target, self, args);
    },
  });
  try {
    run();
  } finally {
    Intl.DateTimeFormat = original;
  }
  return made;
}

/** The bounds of a `days`-day chart in `timeZone`, as the daily service computes them. */
function chartBounds(days: number, timeZone: string): void {
  const today = dayAt(new Date(), timeZone);
  const bounds = Array.from({ length: days + 1 }, (_, i) => dayStart(addDays(today, i - (days - 1)), timeZone));
  // Each day starts after the one before it: the bounds are real, not skipped.
  for (let i = 1; i < bounds.length; i++) expect(bounds[i]).toBeGreaterThan(bounds[i - 1] as number);
}

describe("a year's daily chart in a time zone", () => {
  // Counted, not timed: a timing bound would fail on a busy machine and pass a slow change on a fast one.
  it("makes at most one Intl formatter per zone spelling, not one per offset", () => {
    const ZONES = ["Europe/Berlin", "America/Los_Angeles", "Asia/Kolkata", "Australia/Lord_Howe"];
    for (let i = 0; i < 12; i++) {
      const zone = spelling(ZONES[i % 4] as string, i * 37 + 1);
      // Before: ~1,500 for a year (a formatter for each offset asked), 90–400 ms of the event loop in one piece.
      expect(
        formattersMade(() => chartBounds(366, zone)),
        zone,
      ).toBeLessThanOrEqual(1);
      // The same spelling again makes none.
      expect(
        formattersMade(() => chartBounds(366, zone)),
        zone,
      ).toBe(0);
    }
  });
});
