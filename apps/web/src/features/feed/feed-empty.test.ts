import { describe, expect, it } from "vitest";
import { feedEmptyText } from "./feed-empty";

describe("the Feed's empty state", () => {
  it("behavior: invites only someone who can post to share the first image", () => {
    expect(feedEmptyText(true)).toBe("Nothing on the Feed yet. Share the first image!");
  });

  it("behavior: a visitor or a wallet without a profile sees a neutral text, with no invitation", () => {
    expect(feedEmptyText(false)).toBe("Nothing on the Feed yet.");
    expect(feedEmptyText(false)).not.toMatch(/share/i);
  });
});
