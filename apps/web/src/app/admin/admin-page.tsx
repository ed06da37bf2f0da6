/**
 * /admin (spec §2, §6): Connect Wallet when no wallet is connected, "Access Denied" for any wallet but the
 * configured admin wallet (case-insensitive), else the tabs. Every action is signed by the connected wallet
 * (spec §7); loads are authorised by the admin's sign-in session, asked for once on arrival (issue 14), or
 * signed one by one when the admin declines it. The server checks both; this page only decides what to show.
 */
import { messages } from "@classcoin/shared/messages";
import { Link } from "react-router";
import { useAdminSession } from "../../lib/admin/admin-session";
import { useAdminSigner } from "../../lib/admin/admin-signer";
import { useWallet } from "../../wallet/use-wallet";
import { ConnectPrompt } from "../../wallet/user-strip";
import { useWalletSetup } from "../../wallet/wallet-context";
import { AdminTabs } from "./admin-tabs";
import "./admin-page.css";

export function AdminPage() {
  const { config } = useWalletSetup();
  const { address, isAdmin } = useWallet();
  const signer = useAdminSigner();
  const session = useAdminSession(Boolean(isAdmin && signer));

  if (!address) {
    return (
      <section className="page admin-page">
        <h1>Admin</h1>
        <ConnectPrompt text="Connect the admin wallet to moderate ClassCoin." />
      </section>
    );
  }
  if (!isAdmin || !signer) {
    return (
      <section className="page admin-page">
        <div className="card access-denied" role="alert">
          <h1>{messages.admin.accessDenied}</h1>
          <p>Only the admin wallet can open this page.</p>
          <dl className="facts">
            <dt>Connected wallet</dt>
            <dd className="mono break" data-testid="connected-wallet">
              {address}
            </dd>
            <dt>Expected wallet</dt>
            <dd className="mono break" data-testid="expected-wallet">
              {config.adminWallet}
            </dd>
          </dl>
          <Link className="button" to="/">
            Go to Home
          </Link>
        </div>
      </section>
    );
  }
  return (
    <section className="page admin-page">
      <h1>Admin</h1>
      {session === "ready" ? (
        <AdminTabs signer={signer} />
      ) : (
        <p role="status" className="muted">
          Sign in with the admin wallet (one signature): the lists then load without asking again.
        </p>
      )}
    </section>
  );
}
