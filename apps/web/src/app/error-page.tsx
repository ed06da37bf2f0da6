import { messages } from "@classcoin/shared/messages";
import { isRouteErrorResponse, useRouteError } from "react-router";
import "./layout.css";

export function ErrorPage() {
  const error = useRouteError();
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
