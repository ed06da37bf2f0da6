/**
 * Reports the connected wallet's tips sent from a page that was reloaded or closed before their transfer was
 * mined (pending-tips.ts), or mined after their sender's session ended: once mined and the sender signed in,
 * each is recorded like any tip and the student is told.
 */
import { messages } from "@classcoin/shared/messages";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useConfig as useWagmiConfig } from "wagmi";
import { useAlert } from "../../../ui/alerts";
import { useSignedIn } from "../../../wallet/session";
import { useCcBalance } from "../../../wallet/use-cc-balance";
import { useWalletSetup } from "../../../wallet/wallet-context";
import { getProjectsQueryOptions } from "./get-projects";
import { beingReported, type PendingTip, readPendingTips } from "./pending-tips";
import { reportWhenMined, TipAwaitsSignInError } from "./send-coin";

/**
 * Returns the tips this page is waiting for, for their cards to show them as the page that sent them did
 * (the hash, and Send disabled): after a reload the card looked idle, and a student who sent again paid twice.
 */
export function useResumePendingTips(wallet: string | null | undefined): PendingTip[] {
  const wagmiConfig = useWagmiConfig();
  const { config } = useWalletSetup();
  const queryClient = useQueryClient();
  const balance = useCcBalance();
  const alert = useAlert();
  // The server records a tip for its sender's session only: without one, wait for the next sign-in.
  const signedIn = useSignedIn();
  /** Tips this page is reporting already (a wallet change runs the effect again). */
  const started = useRef(new Set<string>());
  const [waiting, setWaiting] = useState<(PendingTip & { showing?: `0x${string}` })[]>([]);

  useEffect(() => {
    if (!wallet || signedIn !== true) return;
    for (const tip of readPendingTips()) {
      if (tip.fromWallet.toLowerCase() !== wallet.toLowerCase()) continue;
      if (started.current.has(tip.txHash) || beingReported.has(tip.txHash)) continue;
      started.current.add(tip.txHash);
      setWaiting((tips) => [...tips, tip]);
      // The card shows the transaction the tip is now (a relayed one signed again), keyed by its first hash.
      const showing = (hash: `0x${string}`) =>
        setWaiting((tips) => tips.map((t) => (t.txHash === tip.txHash ? { ...t, showing: hash } : t)));
      reportWhenMined(wagmiConfig, config.chainId, tip, showing)
        .then(
          () => {
            balance.refresh();
            void queryClient.invalidateQueries({ queryKey: getProjectsQueryOptions(tip.projectNumber).queryKey });
            void alert(messages.catalogue.sendSuccess(tip.amount));
          },
          (error: unknown) => {
            // Kept (pending-tips.ts): tried again when this wallet is signed in again.
            if (error instanceof TipAwaitsSignInError) started.current.delete(tip.txHash);
            console.error("Reporting a tip sent before the page was reloaded failed", error);
          },
        )
        .finally(() => setWaiting((tips) => tips.filter((t) => t.txHash !== tip.txHash)));
    }
  }, [wallet, signedIn, wagmiConfig, config.chainId, queryClient, balance, alert]);
  return wallet
    ? waiting
        .filter((tip) => tip.fromWallet.toLowerCase() === wallet.toLowerCase())
        .map(({ showing, ...tip }) => (showing ? { ...tip, txHash: showing } : tip))
    : [];
}
