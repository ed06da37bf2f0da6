import { describe, expect, it } from "vitest";
import shellHtml from "./boot-shell.html?raw";
import { navigationLinks } from "./navigation-links";

/** The boot shell is hand-written HTML; these keep it the header it stands in for. */
describe("the boot shell (index.html's first paint)", () => {
  it("links the same pages, in the same order, with the same labels as the navigation", () => {
    const links = [...shellHtml.matchAll(/<li><a href="([^"]*)">([^<]*)<\/a><\/li>/g)].map(([, to, label]) => ({
      to,
      label,
    }));
    expect(links).toEqual(navigationLinks);
  });

  it("carries the brand, the main navigation and a loading status a screen reader announces", () => {
    expect(shellHtml).toContain('<a class="brand" href="/">');
    expect(shellHtml).toContain("ClassCoin</a>");
    expect(shellHtml).toContain('<nav aria-label="Main" class="nav">');
    expect(shellHtml).toMatch(/role="status"[^>]*>[\s\S]*Loading ClassCoin/);
  });
});
