/**
 * Mounts wagmi for the whole app once the public configuration is known. wagmi reconnects an already
 * authorised wallet without a prompt, and follows account and chain changes the wallet reports.
 */
import type { PublicConfig } from "@classcoin/shared/api-meta";
import { messages } from "@classcoin/shared/messages";
import { type ReactNode, useEffect, useMemo, useRef } from "react";
import { useSwitchChain, WagmiProvider } from "wagmi";
import { useAlert } from "../ui/alerts";
import { BalanceProvider } from "./balance-provider";
import { SessionGuard } from "./session-guard";
import { useWallet } from "./use-wallet";
import { getAppWallet } from "./wagmi-config";
import { useWalletSetup, type WalletSetup, WalletSetupContext } from "./wallet-context";

export function WalletProvider({ config, children }: { config: PublicConfig; children: ReactNode }) {
  const appWallet = getAppWallet(config);
  const setup = useMemo<WalletSetup>(() => ({ config, devWallet: appWallet.devWallet }), [config, appWallet]);
  return (
    <WagmiProvider config={appWallet.wagmiConfig} reconnectOnMount>
      <WalletSetupContext.Provider value={setup}>
        <ChainGuard />
        <SessionGuard />
        <BalanceProvider>{children}</BalanceProvider>
      </WalletSetupContext.Provider>
    </WagmiProvider>
  );
}

/**
 * Spec §4 "Wallet flow": on a wrong chain the wallet is asked to switch; a refusal shows the spec's text.
 * Asked once per wallet and chain, so a refusal does not turn into a loop of prompts.
 */
function ChainGuard() {
  const { wallet, wrongChain } = useWallet();
  const { config } = useWalletSetup();
  const { mutate: switchChain } = useSwitchChain();
  const alert = useAlert();
  const asked = useRef<string | null>(null);
  useEffect(() => {
    if (!wallet || !wrongChain) {
      asked.current = null;
      return;
    }
    if (asked.current === wallet) return;
    asked.current = wallet;
    switchChain(
      { chainId: config.chainId },
      { onError: () => void alert(messages.chain.switchPlatform(config.chainName)) },
    );
  }, [wallet, wrongChain, switchChain, alert, config]);
  return null;
}
