/**
 * "Connect a wallet": every wallet announced over EIP-6963 (MetaMask, Rabby, …), or the two wallet apps to
 * install when there is none; on the local chain also the Dev wallet with a choice of anvil's dev accounts.
 */
import { WALLET_APPS } from "@classcoin/shared/constants";
import { messages } from "@classcoin/shared/messages";
import { createContext, type ReactNode, useCallback, useContext, useId, useRef, useState } from "react";
import { type Connector, useConfig, useConnect, useConnection, useConnectors } from "wagmi";
import { shortAddress } from "../ui/short-address";
import { useModalDialog } from "../ui/use-modal-dialog";
import { connectErrorText } from "./connect-error";
import { DEV_WALLET_RDNS } from "./dev-wallet-provider";
import { useWalletSetup } from "./wallet-context";
import "./connect-dialog.css";

const OpenConnectContext = createContext<(() => void) | null>(null);

export function ConnectDialogProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const show = useCallback(() => setOpen(true), []);
  return (
    <OpenConnectContext.Provider value={show}>
      {children}
      {open && <ConnectDialog onClose={() => setOpen(false)} />}
    </OpenConnectContext.Provider>
  );
}

/** Opens the connect dialog. */
export function useOpenConnect(): () => void {
  const open = useContext(OpenConnectContext);
  if (!open) throw new Error("useOpenConnect() needs <ConnectDialogProvider> above it.");
  return open;
}

function hasLegacyInjected(): boolean {
  return typeof window !== "undefined" && "ethereum" in window && window.ethereum !== undefined;
}

/**
 * A wallet's window closed without an answer leaves its request pending for ever (some wallets never reject),
 * and wagmi "connecting" with it: the header said "Connecting…", disabled, until a reload. Nothing here waits
 * on it: choosing the wallet again asks again (the latest request counts), and closing the dialog gives the
 * request up, so the header offers Connect again. A late answer to it still connects, as wagmi does.
 */
function ConnectDialog({ onClose }: { onClose: () => void }) {
  // No element of ours to focus first: showModal() focuses the first wallet itself. The hook gives the focus
  // back to what opened the dialog when it closes (Escape or Close), instead of dropping it on the page.
  const firstFocus = useRef<HTMLElement>(null);
  const dialogRef = useModalDialog(firstFocus);
  const titleId = useId();
  const { devWallet } = useWalletSetup();
  const wagmiConfig = useConfig();
  const connectors = useConnectors();
  const connection = useConnection();
  const { mutate: connect, isPending, variables } = useConnect();
  const [error, setError] = useState<string | null>(null);
  /** The wallet asked last: its request is the one the dialog waits on. */
  const [asked, setAsked] = useState<string | null>(null);
  const pendingName = isPending ? asked : null;

  const close = () => {
    if (isPending) {
      wagmiConfig.setState((state) => ({ ...state, status: state.current ? "connected" : "disconnected" }));
    }
    onClose();
  };

  const announced = connectors.filter((c) => c.id !== "injected" && c.id !== DEV_WALLET_RDNS);
  const generic = connectors.find((c) => c.id === "injected");
  const wallets = announced.length > 0 ? announced : generic && hasLegacyInjected() ? [generic] : [];
  const devConnector = connectors.find((c) => c.id === DEV_WALLET_RDNS);

  const connectWith = (connector: Connector) => {
    setError(null);
    setAsked(walletName(connector));
    connect(
      { connector },
      {
        onSuccess: onClose,
        onError: (e) => {
          console.error("Wallet connection failed", e);
          setError(connectErrorText(e, walletName(connector)));
        },
      },
    );
  };

  return (
    <dialog
      ref={dialogRef}
      className="dialog connect-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
    >
      <h2 id={titleId}>Connect a wallet</h2>
      {wallets.length > 0 ? (
        <ul className="wallet-list">
          {wallets.map((connector) => (
            <li key={connector.uid}>
              <button type="button" className="wallet-option" onClick={() => connectWith(connector)}>
                {connector.icon && <img src={connector.icon} alt="" width={28} height={28} />}
                <span>{walletName(connector)}</span>
                {isPending && variables?.connector === connector && <span className="muted">Connecting…</span>}
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <div className="no-wallet">
          <p>{messages.wallet.noWallet(WALLET_APPS[0].name, WALLET_APPS[1].name)}</p>
          <ul>
            {WALLET_APPS.map((app) => (
              <li key={app.name}>
                <a href={app.url} target="_blank" rel="noreferrer">
                  Install {app.name}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
      {pendingName && !error && (
        <p className="muted" role="status">
          {messages.wallet.connectWaiting(pendingName)}
        </p>
      )}
      {devWallet && devConnector && (
        <DevWalletChooser
          accounts={devWallet.accounts}
          initial={devWallet.selectedAccount}
          onConnect={(account) => {
            const alreadyDev = connection.status === "connected" && connection.connector.id === DEV_WALLET_RDNS;
            devWallet.selectAccount(account);
            if (alreadyDev) onClose();
            else connectWith(devConnector);
          }}
        />
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="dialog-actions">
        <button type="button" className="button secondary" onClick={close}>
          Close
        </button>
      </div>
    </dialog>
  );
}

function DevWalletChooser({
  accounts,
  initial,
  onConnect,
}: {
  accounts: readonly `0x${string}`[];
  initial: `0x${string}`;
  onConnect: (account: `0x${string}`) => void;
}) {
  const selectId = useId();
  const [account, setAccount] = useState(initial);
  return (
    <section className="dev-wallet" aria-label="Dev wallet">
      <h3>Dev wallet</h3>
      <p className="muted">
        Local chain only: act as one of the chain's dev accounts, no wallet app needed. Account 0 is the admin.
      </p>
      <label htmlFor={selectId}>Dev account</label>
      <div className="dev-wallet-row">
        <select id={selectId} value={account} onChange={(e) => setAccount(e.target.value as `0x${string}`)}>
          {accounts.map((a, index) => (
            <option key={a} value={a}>
              {`Account ${index}${index === 0 ? " (admin)" : ""} · ${shortAddress(a)}`}
            </option>
          ))}
        </select>
        <button type="button" className="button" onClick={() => onConnect(account)}>
          Use Dev wallet
        </button>
      </div>
    </section>
  );
}

const walletName = (connector: Pick<Connector, "id" | "name">) =>
  connector.id === "injected" ? "Browser wallet" : connector.name;
