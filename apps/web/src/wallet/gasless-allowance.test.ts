import type { RelayAllowance } from "@classcoin/shared/gasless";
import { messages } from "@classcoin/shared/messages";
import { describe, expect, it } from "vitest";
import { clockTime, gaslessUnavailable, recheckInMs } from "./gasless-allowance";

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

describe("when the page asks again", () => {
  it("behavior: a second after a used-up window frees a transfer, each minute while paused, never when it would send", () => {
    const at = new Date(now.getTime() + 90_000).toISOString();
    expect(recheckInMs(allowance({ remaining: 0, nextAt: at }), now)).toBe(91_000);
    expect(recheckInMs(allowance({ classRemaining: 0, nextAt: at }), now)).toBe(91_000);
    // A time already past (the page's clock ahead of the server's): at once.
    expect(recheckInMs(allowance({ remaining: 0, nextAt: new Date(now.getTime() - 5_000).toISOString() }), now)).toBe(
      1_000,
    );
    expect(recheckInMs(allowance({ gasless: "paused" }), now)).toBe(60_000);
    expect(recheckInMs(allowance({}), now)).toBeNull();
    expect(recheckInMs(allowance({ gasless: "off" }), now)).toBeNull();
    expect(recheckInMs(null, now)).toBeNull();
  });
});
