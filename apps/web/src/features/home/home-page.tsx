/**
 * Home (`/`): what ClassCoin is, the visitor's next step as a checklist that ticks off as they go, the
 * connected member's name and balance, and what is new (the forum and bounty panels come from app/).
 */
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Avatar } from "../../ui/avatar";
import { shortAddress } from "../../ui/short-address";
import { ARCHIVED_CAN_STILL, ARCHIVED_TEXT } from "../../wallet/archived-notice";
import { useOpenConnect } from "../../wallet/connect-dialog";
import { faucetCommand } from "../../wallet/faucet-command";
import { useAccountProfile } from "../../wallet/get-account-profile";
import { useCcBalance } from "../../wallet/use-cc-balance";
import { useWallet } from "../../wallet/use-wallet";
import { useWalletSetup } from "../../wallet/wallet-context";
import "./home.css";

export function HomePage({
  latestPosts,
  openBounties,
  joinedIn,
}: {
  latestPosts: ReactNode;
  openBounties: ReactNode;
  /** Has posted, submitted a project or tipped a classmate. */
  joinedIn: boolean;
}) {
  const { config } = useWalletSetup();
  const { address } = useWallet();
  const { profile, archived } = useAccountProfile();
  const balance = useCcBalance();
  const openConnect = useOpenConnect();
  const hasCoins = (balance.amount ?? 0) >= 1;

  const steps: { done: boolean; title: string; detail: ReactNode }[] = [
    {
      done: !!address,
      title: "Connect a wallet",
      detail: address ? (
        `Connected as ${shortAddress(address)}.`
      ) : (
        <button type="button" className="link-button" onClick={openConnect}>
          Connect Wallet
        </button>
      ),
    },
    {
      done: hasCoins,
      title: `Get ${config.productSymbol}`,
      detail: hasCoins
        ? `You have ${balance.label}.`
        : config.local
          ? `On the local chain run ${faucetCommand(config, address ?? "<your address>")}, or ask your instructor.`
          : "Your instructor hands out ClassCoin to the class.",
    },
    {
      done: !!profile,
      title: "Create your profile",
      detail: profile ? (
        `Hello, ${profile.name}!`
      ) : archived ? (
        `${ARCHIVED_TEXT} ${ARCHIVED_CAN_STILL}`
      ) : (
        <Link to="/profiles">Create your profile</Link>
      ),
    },
    {
      done: joinedIn,
      title: "Join in: post, submit, tip",
      detail: (
        <>
          <Link to="/forum">Write in the forum</Link>, <Link to="/projects">submit a project</Link> or tip a classmate's
          work.
        </>
      ),
    },
  ];

  return (
    <div className="home">
      <section className="hero">
        <h1>Welcome to {config.productName}</h1>
        <p className="lead">
          {config.productName} ({config.productSymbol}) is our class's own token on the {config.chainName} test network:
          make a profile, share your art, talk in the forum and tip each other's work.
        </p>
      </section>
      <div className="home-grid">
        <section className="card home-panel" aria-labelledby="home-steps">
          <h2 id="home-steps">Your next steps</h2>
          <ol className="checklist">
            {steps.map((step) => (
              <li key={step.title} className={step.done ? "done" : ""}>
                <span className="check" aria-hidden="true">
                  {step.done ? "✓" : ""}
                </span>
                <div>
                  <strong>
                    {step.title}
                    <span className="visually-hidden">{step.done ? " (done)" : " (to do)"}</span>
                  </strong>
                  <div className="muted small">{step.detail}</div>
                </div>
              </li>
            ))}
          </ol>
        </section>
        {address && (
          <section className="card home-panel" aria-labelledby="home-me">
            <h2 id="home-me">You</h2>
            <div className="home-me">
              <Avatar photo={profile?.photo} wallet={address} name={profile?.name ?? address} size={56} />
              <div>
                <strong>{profile?.name ?? shortAddress(address)}</strong>
                <div className="muted">
                  Balance: <span data-testid="home-balance">{balance.label ?? "…"}</span>
                </div>
              </div>
            </div>
            <ul className="quick-links">
              <li>
                <Link to="/profiles">Profile</Link>
              </li>
              <li>
                <Link to="/forum">Forum</Link>
              </li>
              <li>
                <Link to="/projects">Projects</Link>
              </li>
              <li>
                <Link to="/bounties">Bounties</Link>
              </li>
            </ul>
          </section>
        )}
        {latestPosts}
        {openBounties}
      </div>
    </div>
  );
}
