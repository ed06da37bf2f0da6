/**
 * The header's wallet strip: Connect, or the connected address, its CC balance, a wrong-network notice and
 * Sign out (with a session) or Disconnect (connected, not signed in: beside the bell's "Sign in", a "Sign out"
 * read as if the wallet were signed in already).
 */
import { messages } from "@classcoin/shared/messages";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useDisconnect, useSwitchChain } from "wagmi";
import { useAlert } from "../ui/alerts";
import { Identicon } from "../ui/identicon";
import { shortAddress } from "../ui/short-address";
import { signOut } from "./auth";
import { useOpenConnect } from "./connect-dialog";
import { setSessionWallet, useSignedIn } from "./session";
import { useCcBalance } from "./use-cc-balance";
import { useWallet } from "./use-wallet";
import { useWalletSetup } from "./wallet-context";
import "./wallet-button.css";

export function WalletButton() {
  const { config } = useWalletSetup();
  const { address, status, wrongChain, connectorName } = useWallet();
  const balance = useCcBalance();
  const openConnect = useOpenConnect();
  const { mutateAsync: disconnect } = useDisconnect();
  const { mutate: switchChain } = useSwitchChain();
  const alert = useAlert();
  const queryClient = useQueryClient();
  const signedIn = useSignedIn();
  const mainButton = useRef<HTMLButtonElement>(null);
  const switching = useRef(false);
  const connected = address !== undefined;

  // Connect and Sign out each take the other's place: the pressed button leaves the page, and the focus with
  // it (onto the body, where a keyboard or screen reader user starts again from the top). Only after a switch
  // made here, so a page load that reconnects on its own takes no focus.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the switch (connected) is what moves the focus
  useEffect(() => {
    if (!switching.current) return;
    const refocus = () => {
      const lost = !document.activeElement || document.activeElement === document.body;
      if (lost) mainButton.current?.focus();
    };
    refocus();
    // The connect dialog closes just after the wallet connects, and gives the focus to the gone Connect button.
    const timer = setTimeout(() => {
      switching.current = false;
      refocus();
    }, 100);
    return () => clearTimeout(timer);
  }, [connected]);

  if (!address) {
    // Never disabled: a wallet that never answers (its window closed) must not leave no way to try again.
    const busy = status === "connecting" || status === "reconnecting";
    return (
      <div className="wallet-strip">
        <button
          ref={mainButton}
          type="button"
          className="button"
          onClick={() => {
            switching.current = true;
            openConnect();
          }}
        >
          {busy ? "Connecting…" : messages.wallet.connectButton}
        </button>
      </div>
    );
  }

  return (
    <section className="wallet-strip" aria-label="Your wallet">
      <span className="wallet-id" title={`${address} (${connectorName ?? "wallet"})`}>
        <Identicon wallet={address} size={22} />
        <span className="wallet-address">{shortAddress(address)}</span>
      </span>
      {wrongChain ? (
        <button
          type="button"
          className="button warning small"
          onClick={() =>
            switchChain(
              { chainId: config.chainId },
              { onError: () => void alert(messages.chain.switchPlatform(config.chainName)) },
            )
          }
        >
          Switch to {config.chainName}
        </button>
      ) : (
        <span className="wallet-balance" data-testid="header-balance">
          {balance.label ?? "…"}
        </span>
      )}
      <button
        ref={mainButton}
        type="button"
        className="button secondary small"
        onClick={async () => {
          switching.current = true;
          await signOut();
          setSessionWallet(queryClient, null);
          await disconnect().catch((e) => console.error("Disconnect failed", e));
          queryClient.removeQueries({ queryKey: ["profiles", "one"] });
        }}
      >
        {signedIn ? "Sign out" : "Disconnect"}
      </button>
    </section>
  );
}
