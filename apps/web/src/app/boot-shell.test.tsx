import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { Brand } from "../ui/brand";
import { Spinner } from "../ui/spinner";
import shellHtml from "./boot-shell.html?raw";
import { Navigation } from "./navigation";
import walletShellHtml from "./wallet-boot-shell.html?raw";

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

  it("shows the app's own spinner: inline under the platform's header, full screen for the wallet page", () => {
    // The spinner's markup, without the word for a page that never loads (below), which only the shells have.
    const compact = (html: string) =>
      html
        .replace(/<p class="boot-slow">[^<]*<\/p>/, "")
        .replace(/>\s+</g, "><")
        .trim();
    expect(compact(shellHtml)).toContain(renderToStaticMarkup(<Spinner label="Loading ClassCoin" />));
    expect(compact(walletShellHtml)).toBe(renderToStaticMarkup(<Spinner fullScreen label="Loading the wallet" />));
  });

  it("both say what to do when the page is still loading long after it should have (its script failed to load)", () => {
    for (const html of [shellHtml, walletShellHtml]) {
      expect(html).toMatch(/<p class="boot-slow">This is taking longer than it should\. Please reload the page;/);
    }
  });
});
