/** Checks of how a page is laid out, read from the browser's own boxes. */
import type { Page } from "playwright-core";

/**
 * The words of the texts directly inside `selector`'s elements that the browser broke across lines (a word cut
 * in two has more than one box): on a narrow phone a squeezed column cuts names into letters.
 */
export function wordsSplitAcrossLines(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const cut: string[] = [];
    for (const el of document.querySelectorAll(selector)) {
      const text = el.firstChild;
      if (!(text instanceof Text)) continue;
      for (const match of text.data.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(text, match.index);
        range.setEnd(text, match.index + match[0].length);
        if (range.getClientRects().length > 1) cut.push(match[0]);
      }
    }
    return cut;
  }, selector);
}
