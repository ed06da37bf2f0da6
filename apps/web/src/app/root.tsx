/**
 * The root route: loads the public configuration (chain, token, admin wallet), then mounts the wallet
 * (wagmi) and the connect dialog around the layout, so every page can ask who is connected.
 */
import { Suspense } from "react";
import { useConfig } from "../features/config/get-config";
import { ConnectDialogProvider } from "../wallet/connect-dialog";
import { WalletProvider } from "../wallet/wallet-provider";
import { BootShell } from "./boot-shell";
import { Layout } from "./layout";

export function Root() {
  const config = useConfig();
  return (
    <WalletProvider config={config}>
      <ConnectDialogProvider>
        <Suspense fallback={<BootShell />}>
          <Layout />
        </Suspense>
      </ConnectDialogProvider>
    </WalletProvider>
  );
}
