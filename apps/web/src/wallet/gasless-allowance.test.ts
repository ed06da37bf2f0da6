import type { RelayAllowance } from "@classcoin/shared/gasless";
import { messages } from "@classcoin/shared/messages";
import { describe, expect, it } from "vitest";
import { clockTime, gaslessUnavailable } from "./gasless-allowance";

const now = new Date(2026, 10, 28, 9, 30);
const allowance = (over: Partial<RelayAllowance>): RelayAllowance => ({
  gasless: "on",
  dailyLimit: 5,
  remaining: 3,
  classDailyLimit: 300,
  classRemaining: 200,
  nextAt: null,
  ...over,
});

describe("why a gasless transfer would be refused now", () => {
  it("behavior: nothing while some are left and the relay runs, or when not known (no session)", () => {
    expect(gaslessUnavailable(allowance({}), now)).toBeNull();
    expect(gaslessUnavailable(null, now)).toBeNull();
  });

  it("behavior: the day's transfers used, with when they start again on the page's clock", () => {
    const at = new Date(2026, 10, 28, 14, 5);
    const text = gaslessUnavailable(allowance({ remaining: 0, nextAt: at.toISOString() }), now);
    expect(text).toBe(messages.relay.usedToday(5, clockTime(at, now)));
    expect(text).toMatch(/^You have used your 5 gasless transfers for today; they start again at 14:05\./);
    const tomorrow = new Date(2026, 10, 29, 8, 0);
    expect(clockTime(tomorrow, now)).toBe("08:00 tomorrow");
  });

  it("behavior: the class's used, the treasury paused, the relay off", () => {
    const at = new Date(2026, 10, 28, 10, 0).toISOString();
    expect(gaslessUnavailable(allowance({ classRemaining: 0, nextAt: at }), now)).toMatch(
      /^The class has used today's 300 gasless transfers; they start again at 10:00\./,
    );
    expect(gaslessUnavailable(allowance({ gasless: "paused" }), now)).toBe(messages.relay.paused);
    expect(gaslessUnavailable(allowance({ gasless: "off" }), now)).toBe(messages.relay.off);
  });
});
