import { Link, Outlet } from "react-router";
import { useWallet } from "../wallet/use-wallet";
import { WalletButton } from "../wallet/wallet-button";
import { Navigation } from "./navigation";

export function Layout() {
  const { isAdmin } = useWallet();
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <Link to="/" className="brand">
          <span className="brand-mark" aria-hidden="true">
            CC
          </span>
          ClassCoin
        </Link>
        <Navigation showAdmin={isAdmin} />
        <WalletButton />
      </header>
      <main id="main" className="content" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
