/**
 * The boot shell: `src/app/boot-shell.html` (the platform's top bar with its links and a spinner) goes into
 * index.html's `#root`, so the browser paints the header as soon as the HTML and the stylesheet arrive,
 * before any JavaScript has loaded or run. Without it nothing paints until the entry chunk has downloaded,
 * run and fetched the configuration (on a slow machine or a 10 Mbit/s link, over a second). React replaces
 * it on its first render; while the app is still loading, its fallback renders the same markup
 * (`src/app/boot-shell.tsx`), so the header never blinks.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";

const SHELL_FILE = fileURLToPath(new URL("./src/app/boot-shell.html", import.meta.url));
const ROOT = '<div id="root"></div>';

export function bootShell(): Plugin {
  return {
    name: "classcoin:boot-shell",
    transformIndexHtml(html) {
      if (!html.includes(ROOT)) throw new Error(`index.html must contain ${ROOT} for the boot shell to go into`);
      return html.replace(ROOT, `<div id="root">${readFileSync(SHELL_FILE, "utf8").trim()}</div>`);
    },
  };
}
