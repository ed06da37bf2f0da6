/**
 * Where a day of the visitor's calendar starts (the explorer's date filters and its daily chart): in a zone
 * whose clocks spring forward at midnight (Chile, Cuba), that day has no 00:00 and starts at 01:00; its first
 * instant must not be an hour of the day before.
 */
import { describe, expect, it } from "vitest";
import { dayAt, dayStart } from "./time-zone-days";

describe("dayStart", () => {
  it.each([
    // Clocks go 00:00 → 01:00: the day starts at 01:00.
    ["America/Santiago", "2026-09-06", "2026-09-06T04:00:00.000Z"],
    ["America/Havana", "2026-03-08", "2026-03-08T05:00:00.000Z"],
    ["Africa/Cairo", "2026-04-24", "2026-04-23T22:00:00.000Z"],
    // Clocks go 24:00 → 23:00 the day before: the day starts at its (only) 00:00.
    ["America/Santiago", "2026-04-05", "2026-04-05T04:00:00.000Z"],
    // Changes at another hour, and zones half an hour off.
    ["Europe/Berlin", "2026-03-29", "2026-03-28T23:00:00.000Z"],
    ["Europe/Berlin", "2026-10-25", "2026-10-24T22:00:00.000Z"],
    ["Asia/Kolkata", "2026-03-29", "2026-03-28T18:30:00.000Z"],
    ["America/St_Johns", "2026-03-08", "2026-03-08T03:30:00.000Z"],
  ])("behavior: %s %s starts at %s, the first instant the zone's calendar shows that day", (zone, day, start) => {
    const at = dayStart(day, zone);
    expect(new Date(at).toISOString()).toBe(start);
    expect(dayAt(new Date(at), zone)).toBe(day);
    expect(dayAt(new Date(at - 1), zone)).not.toBe(day);
  });
});
