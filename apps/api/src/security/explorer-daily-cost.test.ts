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

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

/** The ms the bounds of a `days`-day chart in `timeZone` take, as the daily service computes them. */
function chartBoundsMs(days: number, timeZone: string): number {
  const started = performance.now();
  const today = dayAt(new Date(), timeZone);
  const bounds = Array.from({ length: days + 1 }, (_, i) => dayStart(addDays(today, i - (days - 1)), timeZone));
  const took = performance.now() - started;
  // Each day starts after the one before it: the bounds are real, not skipped.
  for (let i = 1; i < bounds.length; i++) expect(bounds[i]).toBeGreaterThan(bounds[i - 1] as number);
  return took;
}

describe("a year's daily chart in a time zone", () => {
  it("computes its day bounds in milliseconds, whatever the zone's spelling", () => {
    const ZONES = ["Europe/Berlin", "America/Los_Angeles", "Asia/Kolkata", "Australia/Lord_Howe"];
    const took = Array.from({ length: 12 }, (_, i) => chartBoundsMs(366, spelling(ZONES[i % 4] as string, i * 37)));
    // Before: 90–400 ms each on the 2-core test machine (median 87 ms unloaded); now about 10–15 ms.
    expect(median(took)).toBeLessThan(50);
  });
});
