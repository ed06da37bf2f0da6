/**
 * What shows while the app loads (its configuration, a route's code): the same top bar and spinner that
 * index.html paints before any script runs (boot-shell.ts puts boot-shell.html there), so the first React
 * render looks exactly like the page it replaces and the header stays put until the real one takes over.
 */
import shellHtml from "./boot-shell.html?raw";

export function BootShell() {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: a file of ours, bundled at build time; nothing a user wrote
  return <div className="boot-shell" dangerouslySetInnerHTML={{ __html: shellHtml }} />;
}
