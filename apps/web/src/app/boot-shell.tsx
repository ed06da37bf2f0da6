/**
 * What shows while the app loads (its configuration, a route's code): the same markup that the page's HTML
 * paints before any script runs (boot-shell.ts puts it there), so the first React render looks exactly like
 * the page it replaces: the platform's top bar and a spinner, or on /wallet, which has a layout of its own,
 * the wallet's spinner (wallet.html).
 */
import { isWalletPage } from "@classcoin/shared/pages";
import shellHtml from "./boot-shell.html?raw";
import walletShellHtml from "./wallet-boot-shell.html?raw";

export function BootShell() {
  // Outside the router (the app's outermost fallback), so the address is read from the window.
  const html = isWalletPage(window.location.pathname) ? walletShellHtml : shellHtml;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: files of ours, bundled at build time; nothing a user wrote
  return <div className="boot-shell" dangerouslySetInnerHTML={{ __html: html }} />;
}
