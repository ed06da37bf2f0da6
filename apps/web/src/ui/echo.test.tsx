import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { WithEcho } from "./echo";

const OVERRIDE = "\u202E";

describe("a sentence echoing what was typed", () => {
  it("behavior: the typed part, right-to-left override and all, is isolated in a <bdi>", () => {
    const typed = `${OVERRIDE}olleh`;
    const html = renderToStaticMarkup(<WithEcho text={`Nothing matches "${typed}".`} echo={typed} />);
    expect(html).toBe(`Nothing matches &quot;<bdi>${typed}</bdi>&quot;.`);
  });

  it("behavior: a sentence without the typed text is said as it is", () => {
    expect(renderToStaticMarkup(<WithEcho text="Type something to search." echo="" />)).toBe(
      "Type something to search.",
    );
  });
});
