import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { Brand } from "../ui/brand";
import shellHtml from "./boot-shell.html?raw";
import { Navigation } from "./navigation";

/** The boot shell is hand-written HTML; these keep it the header it stands in for. */
describe("the boot shell (index.html's first paint)", () => {
  it("has the header's brand and navigation, element for element (a visitor's, on no page of its own)", () => {
    const header = renderToStaticMarkup(
      <MemoryRouter initialEntries={["/somewhere-else"]}>
        <Brand />
        <Navigation />
      </MemoryRouter>,
    )
      // What only the running app has: the router's prefetch marker, NavLink's empty class, useId's pairing.
      .replaceAll(' data-discover="true"', "")
      .replaceAll(' class=""', "")
      .replace(/ (?:id|aria-controls)="[^"]*"/g, "");
    const compact = shellHtml.replace(/>\s+</g, "><");
    const shellHeader = compact.slice(compact.indexOf('<a class="brand"'), compact.indexOf("</nav>") + "</nav>".length);
    expect(shellHeader).toBe(header);
  });

  it("shows a loading status a screen reader announces", () => {
    expect(shellHtml).toMatch(/role="status"[^>]*>[\s\S]*Loading ClassCoin/);
  });
});
