/**
 * After an upgrade, a tab opened before it asks for the old build's chunks, which are gone (404): the page
 * loads the new build instead of showing an error, at the page the click was for. Not more than once a
 * minute, so a chunk that fails for another reason does not reload the page over and over.
 *
 * A chunk also fails when the server is down or the network is gone. Reloading then replaced the app with
 * the browser's own "site can't be reached" page, losing the tab's state; so the page is reloaded only once
 * the server has answered for it. Until then the chunk's error reaches the route's error page, which says
 * the page could not be loaded and offers to try again (`error-page.tsx`).
 */
const RELOADED_AT = "classcoin-stale-build-reload";
const MIN_INTERVAL_MS = 60_000;

/** `pendingUrl`: where a navigation still loading its page is going (React Router's pending location). */
export function reloadOnStaleBuild(pendingUrl: () => string | undefined, win: Window = window): void {
  win.addEventListener("vite:preloadError", () => {
    const last = Number(win.sessionStorage.getItem(RELOADED_AT) ?? 0);
    if (Date.now() - last < MIN_INTERVAL_MS) return;
    const here = `${win.location.pathname}${win.location.search}${win.location.hash}`;
    const target = pendingUrl() ?? here;
    void serverAnswers(target, win).then((answers) => {
      if (!answers) return;
      win.sessionStorage.setItem(RELOADED_AT, String(Date.now()));
      // Assigning the URL the tab is at, with a #fragment, only scrolls to it: the old build would stay.
      if (target === here) win.location.reload();
      else win.location.assign(target);
    });
  });
}

/** The page's HTML answers (the server is up and serves a build): a reload will not land on an error page. */
export async function serverAnswers(url: string, win: Window): Promise<boolean> {
  try {
    const res = await win.fetch(url, { method: "HEAD", cache: "no-store", credentials: "same-origin" });
    return res.ok;
  } catch {
    return false;
  }
}
