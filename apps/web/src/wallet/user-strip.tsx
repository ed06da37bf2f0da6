/**
 * The strip pages show above their content: a connect prompt, or who is connected (profile name or address),
 * their CC balance, and a Create Profile link when they have no profile yet.
 */
import { messages } from "@classcoin/shared/messages";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Avatar } from "../ui/avatar";
import { shortAddress } from "../ui/short-address";
import { ARCHIVED_TEXT } from "./archived-notice";
import { useOpenConnect } from "./connect-dialog";
import { useAccountProfile } from "./get-account-profile";
import { useCcBalance } from "./use-cc-balance";
import { useWallet } from "./use-wallet";
import "./user-strip.css";

export function ConnectPrompt({ text }: { text: ReactNode }) {
  const openConnect = useOpenConnect();
  return (
    <div className="connect-prompt">
      <p>{text}</p>
      {/* Not disabled while connecting: a wallet that never answers must not leave no way to try again. */}
      <button type="button" className="button" onClick={openConnect}>
        {messages.wallet.connectButton}
      </button>
    </div>
  );
}

export function UserStrip({ prompt }: { prompt: ReactNode }) {
  const { address } = useWallet();
  const { profile, archived, isLoading } = useAccountProfile();
  const balance = useCcBalance();
  if (!address) return <ConnectPrompt text={prompt} />;
  return (
    <div className="user-strip" data-testid="user-strip">
      <Avatar photo={profile?.photo} wallet={address} name={profile?.name ?? address} size={36} />
      <div className="user-strip-text">
        <strong>{profile?.name ?? shortAddress(address)}</strong>
        <span className="muted">
          Balance: <span data-testid="strip-balance">{balance.label ?? "…"}</span>
        </span>
      </div>
      {!isLoading && profile === null && archived && (
        <span className="badge archived-badge" title={ARCHIVED_TEXT}>
          Profile archived
        </span>
      )}
      {!isLoading && profile === null && !archived && (
        <Link className="button small" to="/profiles">
          Create Profile
        </Link>
      )}
    </div>
  );
}
