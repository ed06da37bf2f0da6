import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
// The design tokens and base styles first: every component's own CSS builds on them.
import "./ui/styles.css";
import { App } from "./app/app";
import { reloadOnStaleBuild } from "./app/reload-on-stale-build";
import { router } from "./app/router";

reloadOnStaleBuild(() => {
  const next = router.state.navigation.location;
  return next ? `${next.pathname}${next.search}${next.hash}` : undefined;
});

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
