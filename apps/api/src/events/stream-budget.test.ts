import { describe, expect, it } from "vitest";
import { type BufferBudget, createBufferBudget } from "./stream-budget";
import { createOpenLimiter } from "./stream-opens";

/** Checks at once, not on the next tick. */
const now = (check: () => void) => check();

/** A stream whose waiting bytes the test sets; closing it removes it from the budget, as stream.ts does. */
function fakeStream(budget: BufferBudget, name: string, closed: string[]) {
  const stream = {
    buffered: 0,
    close() {
      closed.push(name);
      budget.remove(stream);
    },
  };
  budget.add(stream);
  return {
    stream,
    /** The client has `bytes` waiting after a write. */
    holds(bytes: number) {
      stream.buffered = bytes;
      budget.wrote(stream);
    },
  };
}

describe("buffered bytes of live-update streams", () => {
  it("a stream over its own cap is closed; the others keep theirs", () => {
    const budget = createBufferBudget({ perStream: 1_000, total: 100_000 }, now);
    const closed: string[] = [];
    const slow = fakeStream(budget, "slow", closed);
    const fine = fakeStream(budget, "fine", closed);
    slow.holds(900);
    fine.holds(500);
    expect(closed).toEqual([]);
    expect(budget.total).toBe(1_400);
    slow.holds(1_001);
    expect(closed).toEqual(["slow"]);
    expect(budget.total).toBe(500);
  });

  it("over the total, the largest backlogs are closed until 90 % of the budget is left", () => {
    const budget = createBufferBudget({ perStream: 1_000, total: 2_000 }, now);
    const closed: string[] = [];
    const streams = ["a", "b", "c", "d"].map((name) => fakeStream(budget, name, closed));
    streams[0]?.holds(300);
    streams[1]?.holds(900);
    streams[2]?.holds(700);
    expect(closed).toEqual([]);
    // 300 + 900 + 700 + 400 = 2,300 > 2,000: b (900) goes, then 1,400 ≤ 1,800.
    streams[3]?.holds(400);
    expect(closed).toEqual(["b"]);
    expect(budget.total).toBe(1_400);
  });

  it("sizes seen earlier are measured again before anyone is closed (a socket drains unannounced)", () => {
    const budget = createBufferBudget({ perStream: 2_000, total: 2_000 }, now);
    const closed: string[] = [];
    const a = fakeStream(budget, "a", closed);
    const b = fakeStream(budget, "b", closed);
    a.holds(1_000);
    b.holds(900);
    // a's client read everything meanwhile; its last write was seen at 1,000.
    a.stream.buffered = 0;
    // 2,100 as last seen, 1,100 in truth: nobody is closed.
    b.holds(1_100);
    expect(closed).toEqual([]);
    expect(budget.total).toBe(1_100);
  });

  it("a stream removed (its client left) no longer counts", () => {
    const budget = createBufferBudget({ perStream: 1_000, total: 2_000 }, now);
    const closed: string[] = [];
    const a = fakeStream(budget, "a", closed);
    a.holds(800);
    budget.remove(a.stream);
    budget.remove(a.stream);
    expect(budget.total).toBe(0);
    a.holds(5_000);
    expect(closed).toEqual([]);
  });

  it("bytes written in one tick are measured on the next (Node counts them as waiting until then)", async () => {
    const budget = createBufferBudget({ perStream: 1_000, total: 100_000 });
    const closed: string[] = [];
    const fast = fakeStream(budget, "fast", closed);
    const slow = fakeStream(budget, "slow", closed);
    fast.holds(5_000);
    slow.holds(5_000);
    // The fast client's socket took its bytes by the next tick; the slow one's did not.
    fast.stream.buffered = 0;
    expect(closed).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(closed).toEqual(["slow"]);
    expect(budget.total).toBe(0);
  });
});

describe("stream opens per client", () => {
  it("a burst, then the refill rate; each client its own bucket; full buckets are forgotten", () => {
    let now = 1_000_000;
    const limiter = createOpenLimiter({ burst: 3, perSecond: 2 }, () => now);
    expect([1, 2, 3].map(() => limiter.take("a"))).toEqual([0, 0, 0]);
    expect(limiter.take("a")).toBe(1);
    expect(limiter.take("b")).toBe(0);
    now += 500;
    expect(limiter.take("a")).toBe(0);
    expect(limiter.take("a")).toBe(1);
    now += 120_000;
    expect(limiter.take("c")).toBe(0);
    // The sweep forgot a and b (full again); c was just taken from.
    expect(limiter.size).toBe(1);
    expect([1, 2, 3].map(() => limiter.take("a"))).toEqual([0, 0, 0]);
  });

  it("holds at most its cap of clients: full buckets go first, then the ones touched longest ago", () => {
    let now = 0;
    const limiter = createOpenLimiter({ burst: 2, perSecond: 0.5 }, () => now, 3);
    limiter.take("a");
    limiter.take("a");
    now += 3_000;
    limiter.take("b");
    limiter.take("c");
    now += 1_000;
    // a is full again (4 s at one every 2 s); b and c are not: a goes, b and c stay.
    limiter.take("d");
    expect(limiter.size).toBe(3);
    expect(limiter.take("b")).toBe(0);
    expect(limiter.take("b")).toBe(1);
    // None full now: the one touched longest ago (c) goes for e.
    limiter.take("e");
    expect(limiter.size).toBe(3);
    expect(limiter.take("d")).toBe(0);
    expect(limiter.take("d")).toBe(2);
    // c comes back (b, now the oldest, goes) with a full burst.
    expect(limiter.take("c")).toBe(0);
    expect(limiter.take("c")).toBe(0);
    expect(limiter.take("d")).toBe(2);
    // 100,000 fresh clients through a cap of 3 leave 3.
    for (let i = 0; i < 100_000; i++) limiter.take(`x${i}`);
    expect(limiter.size).toBe(3);
  });

  it("the wait it names is the time until the next open, rounded up to whole seconds", () => {
    let now = 0;
    const limiter = createOpenLimiter({ burst: 1, perSecond: 0.25 }, () => now);
    expect(limiter.take("a")).toBe(0);
    expect(limiter.take("a")).toBe(4);
    now += 1_000;
    expect(limiter.take("a")).toBe(3);
    now += 3_000;
    expect(limiter.take("a")).toBe(0);
  });
});
