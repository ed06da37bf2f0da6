/**
 * The boot shells: index.html's `#root` gets `src/app/boot-shell.html` (the platform's top bar with its links
 * and a spinner), so the browser paints the header as soon as the HTML and the stylesheet arrive, before any
 * JavaScript has loaded or run. Without it nothing paints until the entry chunk has downloaded, run and
 * fetched the configuration (on a slow machine or a 10 Mbit/s link, over a second). React replaces it on
 * its first render; while the app is still loading, its fallback renders the same markup
 * (`src/app/boot-shell.tsx`), so the header never blinks.
 *
 * The token wallet page (/wallet) has a layout of its own, so the build also writes `wallet.html`: the same
 * page with `src/app/wallet-boot-shell.html` (the wallet's loading spinner) in `#root`, which the API sends
 * for /wallet. Otherwise /wallet would flash the platform's header before its own screen. The dev server
 * (`npm run dev`) has no wallet.html: it transforms index.html per request, so the same choice is made there.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";
// Relative, not the package name: Vite bundles a config's relative imports, and Node cannot load the package's .ts.
import { isWalletPage } from "../../packages/shared/src/pages";

const shellFile = (name: string) => fileURLToPath(new URL(`./src/app/${name}`, import.meta.url));
const readShell = (name: string) => readFileSync(shellFile(name), "utf8").trim();
const ROOT = '<div id="root"></div>';

const walletRoot = () => `<div id="root">${readShell("wallet-boot-shell.html")}</div>`;

export function bootShell(): Plugin {
  let platformRoot = "";
  return {
    name: "classcoin:boot-shell",
    // After Vite's own HTML plugin, so that index.html is in the bundle when generateBundle runs.
    enforce: "post",
    transformIndexHtml(html, context) {
      if (!html.includes(ROOT)) throw new Error(`index.html must contain ${ROOT} for the boot shell to go into`);
      platformRoot = `<div id="root">${readShell("boot-shell.html")}</div>`;
      // The same test as the API's choice of wallet.html, on the request's path without its query.
      const path = new URL(context.originalUrl ?? "/", "http://dev").pathname;
      if (context.server && isWalletPage(path)) return html.replace(ROOT, walletRoot());
      return html.replace(ROOT, platformRoot);
    },
    generateBundle: {
      order: "post",
      handler(_options, bundle) {
        const index = bundle["index.html"];
        if (index?.type !== "asset" || typeof index.source !== "string" || !index.source.includes(platformRoot)) {
          throw new Error("the build has no index.html with the boot shell to derive wallet.html from");
        }
        this.emitFile({
          type: "asset",
          fileName: "wallet.html",
          source: index.source.replace(platformRoot, walletRoot()),
        });
      },
    },
  };
}
