import { Link, Outlet } from "react-router";
import { Navigation } from "./navigation";

export function Layout() {
  return (
    <div className="shell">
      <header className="topbar">
        <Link to="/" className="brand" aria-label="ClassCoin home">
          <span className="brand-mark" aria-hidden="true">
            CC
          </span>
          ClassCoin
        </Link>
        <Navigation />
      </header>
      <main id="main" className="content">
        <Outlet />
      </main>
    </div>
  );
}
