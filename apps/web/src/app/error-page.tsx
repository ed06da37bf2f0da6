import { messages } from "@classcoin/shared/messages";
import { useState } from "react";
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

/**
 * A page's script did not arrive (the server is down, the network is gone): said as such, with a way back that
 * does not leave the app for the browser's own error page while the server still does not answer.
 */
function PageNotLoaded() {
  const [state, setState] = useState<"idle" | "checking" | "still down">("idle");
  const tryAgain = async () => {
    setState("checking");
    const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
    if (await serverAnswers(here, window)) window.location.reload();
    else setState("still down");
  };
  return (
    <main className="content error-page" role="alert">
      <h1>This page could not be loaded</h1>
      <p>ClassCoin's server did not answer. Check your connection, then try again.</p>
      {state === "still down" && <p className="muted">Still no answer. Try again in a moment.</p>}
      <p>
        <button type="button" className="button" onClick={tryAgain} disabled={state === "checking"}>
          {state === "checking" ? "Trying…" : "Try again"}
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
