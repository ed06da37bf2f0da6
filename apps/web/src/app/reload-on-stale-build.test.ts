/**
 * A chunk of an older build is gone: once the server answers, the tab loads the new build at the page it was
 * going to, or, with no navigation pending, the page it is at. At a URL with a #fragment, assigning that same
 * URL is a fragment navigation (HTML's "navigate to a fragment"): nothing loads, the old build stays and its
 * chunks keep failing. So the page it is at is reloaded.
 */
import { describe, expect, it } from "vitest";
import { reloadOnStaleBuild } from "./reload-on-stale-build";

/** A tab at `url` whose server answers, recording how the page was left. */
function tab(url: string) {
  const parsed = new URL(url, "http://classcoin.test");
  const left: string[] = [];
  let onPreloadError: () => void = () => {};
  const storage = new Map<string, string>();
  const win = {
    addEventListener: (type: string, listener: () => void) => {
      if (type === "vite:preloadError") onPreloadError = listener;
    },
    sessionStorage: {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => void storage.set(key, value),
    },
    location: {
      pathname: parsed.pathname,
      search: parsed.search,
      hash: parsed.hash,
      assign: (to: string) => {
        // What a browser does: the same URL with a fragment is only a scroll.
        const same = to === `${parsed.pathname}${parsed.search}${parsed.hash}` && parsed.hash !== "";
        left.push(same ? "scrolled" : `loaded ${to}`);
      },
      reload: () => left.push(`loaded ${parsed.pathname}${parsed.search}${parsed.hash}`),
    },
    fetch: async () => new Response(null, { status: 200 }),
  };
  return { win: win as unknown as Window, left, chunkFails: () => onPreloadError() };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("a tab on an older build", () => {
  it("loads the new build at the page it is at, #fragment and all", async () => {
    const t = tab("/forum?post=3#comments");
    reloadOnStaleBuild(() => undefined, t.win);
    t.chunkFails();
    await settle();
    expect(t.left).toEqual(["loaded /forum?post=3#comments"]);
  });

  it("loads the new build at the page a click was going to", async () => {
    const t = tab("/forum#top");
    reloadOnStaleBuild(() => "/projects?n=2", t.win);
    t.chunkFails();
    await settle();
    expect(t.left).toEqual(["loaded /projects?n=2"]);
  });
});
