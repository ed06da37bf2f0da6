import { Link, Outlet } from "react-router";
import { NotificationBell } from "../features/notifications/notification-bell";
import { Brand } from "../ui/brand";
import { useWallet } from "../wallet/use-wallet";
import { WalletButton } from "../wallet/wallet-button";
import { LiveUpdates } from "./live-updates";
import { Navigation } from "./navigation";
import "./layout.css";

export function Layout() {
  const { isAdmin } = useWallet();
  return (
    <div className="shell">
      <LiveUpdates />
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <Brand />
        <Navigation showAdmin={isAdmin} />
        <div className="topbar-end">
          <NotificationBell />
          <WalletButton />
        </div>
      </header>
      <main id="main" className="content" tabIndex={-1}>
        <Outlet />
      </main>
      <footer className="site-footer">
        <p>
          Past semesters, read-only: <Link to="/archive">Archive</Link>
        </p>
      </footer>
    </div>
  );
}
