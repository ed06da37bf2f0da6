import { Outlet } from "react-router";
import { Brand } from "../ui/brand";
import { useWallet } from "../wallet/use-wallet";
import { WalletButton } from "../wallet/wallet-button";
import { Navigation } from "./navigation";
import "./layout.css";

export function Layout() {
  const { isAdmin } = useWallet();
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <Brand />
        <Navigation showAdmin={isAdmin} />
        <WalletButton />
      </header>
      <main id="main" className="content" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
