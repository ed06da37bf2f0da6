import { messages } from "@classcoin/shared/messages";
import { useEffect, useState } from "react";
import { isRouteErrorResponse, useRouteError } from "react-router";
import { serverAnswers } from "./reload-on-stale-build";
import "./layout.css";

export function ErrorPage() {
  const error = useRouteError();
  if (isPageScriptFailure(error)) return <PageNotLoaded />;
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : null;
  return (
    <main className="content error-page" role="alert">
      <h1>{messages.catalogue.unexpectedApplicationError}</h1>
      {detail && <p className="muted">{detail}</p>}
      <a href="/">Back to ClassCoin</a>
    </main>
  );
}

/** Where the tab is: the page whose script did not arrive. */
const here = () => `${window.location.pathname}${window.location.search}${window.location.hash}`;

/**
 * A page's script did not arrive. The server is asked first: up, the tab is on an old build (reload-on-stale-build
 * reloads it, so this shows only for a moment, or when that reload did not help); down, it is said as such, with
 * a way back that does not leave the app for the browser's own error page while the server still does not answer.
 */
function PageNotLoaded() {
  const [state, setState] = useState<"checking" | "server up" | "down" | "still down">("checking");
  useEffect(() => {
    let stopped = false;
    void serverAnswers(here(), window).then((up) => {
      if (!stopped) setState(up ? "server up" : "down");
    });
    return () => {
      stopped = true;
    };
  }, []);
  const tryAgain = async () => {
    setState("checking");
    if (await serverAnswers(here(), window)) window.location.reload();
    else setState("still down");
  };
  if (state === "checking") {
    return (
      <main className="content error-page" role="status">
        <p>Loading this page…</p>
      </main>
    );
  }
  return (
    <main className="content error-page" role="alert">
      <h1>This page could not be loaded</h1>
      {state === "server up" ? (
        <p>Reload the page to get the latest version of ClassCoin.</p>
      ) : (
        <p>ClassCoin's server did not answer. Check your connection, then try again.</p>
      )}
      {state === "still down" && <p className="muted">Still no answer. Try again in a moment.</p>}
      <p>
        <button type="button" className="button" onClick={tryAgain}>
          {state === "server up" ? "Reload" : "Try again"}
        </button>
      </p>
      <a href="/">Back to ClassCoin</a>
    </main>
  );
}

/**
 * A page's files could not be fetched: the messages Chromium, Firefox and Safari give a dynamic import, and the
 * one Vite's preloader gives a page's stylesheet.
 */
function isPageScriptFailure(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(error.message)
  );
}
