import { WALLET_APPS } from "@classcoin/shared/constants";
import { messages } from "@classcoin/shared/messages";
import { useId } from "react";
import { shortAddress } from "../../ui/short-address";

/** State 1 of spec §2; on the local chain it also offers the Dev wallet (anvil's unlocked dev accounts). */
export function NoWallet({
  devAccounts,
  onUseDevWallet,
}: {
  /** Empty unless the configured chain is local. */
  devAccounts: readonly string[];
  onUseDevWallet: (account: string) => void;
}) {
  const [first, second] = WALLET_APPS;
  const selectId = useId();
  return (
    <section className="wallet-page-card wallet-page-center">
      <h1 className="visually-hidden">Token wallet</h1>
      <p className="wallet-page-lead">
        {/* messages.wallet.noWallet word for word, each wallet's name a link to it. */}
        {messages.wallet
          .noWallet(first.name, second.name)
          .split(new RegExp(`(${first.name}|${second.name})`))
          .map((part, index) => {
            const app = WALLET_APPS.find((a) => a.name === part);
            return app ? (
              <a key={app.name} href={app.url} target="_blank" rel="noopener noreferrer">
                {app.name}
              </a>
            ) : (
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed sentence split into static parts
              <span key={index}>{part}</span>
            );
          })}
      </p>
      {devAccounts.length > 0 && (
        <form
          className="wallet-page-dev"
          onSubmit={(event) => {
            event.preventDefault();
            const account = new FormData(event.currentTarget).get("account");
            if (typeof account === "string") onUseDevWallet(account);
          }}
        >
          <h2>Local development: use the Dev wallet</h2>
          <p className="muted">
            This is a local chain, so anvil's dev accounts can act as a wallet in this browser, no extension needed.
          </p>
          <label htmlFor={selectId}>Account</label>
          <div className="wallet-page-row">
            <select
              id={selectId}
              name="account"
              className="wallet-page-input"
              defaultValue={devAccounts[1] ?? devAccounts[0]}
            >
              {devAccounts.map((address, index) => (
                <option key={address} value={address}>
                  {/* Worded as the connected page's account chooser (and the connect dialog), short enough for a phone. */}
                  {`Account ${index}${index === 0 ? " (admin)" : ""} · ${shortAddress(address)}`}
                </option>
              ))}
            </select>
            <button type="submit" className="wallet-page-button">
              Use the Dev wallet
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
