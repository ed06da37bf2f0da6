import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it } from "vitest";
import { followSessionInOtherTabs, sessionQueryOptions, setSessionWallet } from "./session";

const ava = "0x70997970c51812dc3a010c7d01b50e0d17dc79c8";
const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

describe("the session across the site's tabs", () => {
  it("behavior: a sign-in in one tab makes the others read their session and session reads again", async () => {
    const thisTab = new QueryClient();
    const otherTab = new QueryClient();
    stops.push(followSessionInOtherTabs(thisTab));
    stops.push(followSessionInOtherTabs(otherTab, "another tab"));
    // The other tab believed the session was Ben's, and listed notifications read with it.
    otherTab.setQueryData(sessionQueryOptions().queryKey, "0xben");
    otherTab.setQueryData(["notifications", "0xben"], { notifications: [], unread: 0 });
    setSessionWallet(thisTab, ava);
    expect(thisTab.getQueryData(sessionQueryOptions().queryKey)).toBe(ava);
    // Before: the other tab kept "0xben" for a minute, and its bell the notifications of whoever signed in.
    await expect
      .poll(() => otherTab.getQueryState(sessionQueryOptions().queryKey)?.isInvalidated, { timeout: 2_000 })
      .toBe(true);
    expect(otherTab.getQueryState(["notifications", "0xben"])?.isInvalidated).toBe(true);
    // The tab that signed in does not read again what it has just set.
    expect(thisTab.getQueryState(sessionQueryOptions().queryKey)?.isInvalidated).toBe(false);
  });
});
