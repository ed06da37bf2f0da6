import type { PublicConfig } from "@classcoin/shared/api-meta";
import { createContext, useContext } from "react";
import type { DevWalletProvider } from "./dev-wallet-provider";

export interface WalletSetup {
  config: PublicConfig;
  devWallet: DevWalletProvider | null;
}

export const WalletSetupContext = createContext<WalletSetup | null>(null);

export function useWalletSetup(): WalletSetup {
  const setup = useContext(WalletSetupContext);
  if (!setup) throw new Error("useWalletSetup() needs <WalletProvider> above it (see app/root.tsx).");
  return setup;
}
