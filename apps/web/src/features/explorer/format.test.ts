import { describe, expect, it } from "vitest";
import { formatShare } from "./format";

describe("holders' share of the supply", () => {
  it("behavior: shares just above and just below 0.1% read at the same precision", () => {
    // 1,003 CC and 999 CC of 1,000,000 CC: the demo class after a few tips.
    expect(formatShare(1003 / 1_000_000)).toBe("0.1%");
    expect(formatShare(999 / 1_000_000)).toBe("0.1%");
    expect(formatShare(1250 / 1_000_000)).toBe("0.13%");
  });

  it("behavior: the largest holder and a whole supply", () => {
    expect(formatShare(994_000 / 1_000_000)).toBe("99.4%");
    expect(formatShare(1)).toBe("100%");
  });

  it("behavior: a tiny holding reads <0.01%, never 0%", () => {
    expect(formatShare(1 / 1_000_000)).toBe("<0.01%");
    expect(formatShare(0.0001)).toBe("0.01%");
    expect(formatShare(0)).toBe("0%");
  });
});
