/**
 * After an upgrade, a tab opened before it asks for the old build's chunks, which are gone (404): the page
 * loads the new build instead of showing an error, at the page the click was for. Not more than once a
 * minute, so a chunk that fails for another reason (the network) does not reload the page over and over.
 */
const RELOADED_AT = "classcoin-stale-build-reload";
const MIN_INTERVAL_MS = 60_000;

/** `pendingUrl`: where a navigation still loading its page is going (React Router's pending location). */
export function reloadOnStaleBuild(pendingUrl: () => string | undefined, win: Window = window): void {
  win.addEventListener("vite:preloadError", (event) => {
    const last = Number(win.sessionStorage.getItem(RELOADED_AT) ?? 0);
    if (Date.now() - last < MIN_INTERVAL_MS) return;
    win.sessionStorage.setItem(RELOADED_AT, String(Date.now()));
    event.preventDefault();
    const target = pendingUrl();
    if (target) win.location.assign(target);
    else win.location.reload();
  });
}
