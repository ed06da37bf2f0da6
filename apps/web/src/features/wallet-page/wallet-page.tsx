/**
 * The token wallet page (`/wallet`, spec §2 "Token wallet page"): one screen, four states. A route of its own
 * outside the platform's layout, loaded on demand.
 */
import type { PublicConfig } from "@classcoin/shared/api-meta";
import { useState } from "react";
import { Brand } from "../../ui/brand";
import { Spinner } from "../../ui/spinner";
import { createDevWalletProvider, type DevWalletProvider, readStoredAccount } from "../../wallet/dev-wallet-provider";
import { ConnectWallet } from "./connect-wallet";
import { ConnectedWallet } from "./connected-wallet";
import { NoWallet } from "./no-wallet";
import { useInjectedProvider } from "./use-injected-provider";
import { useWalletPage } from "./use-wallet-page";
import { walletScreen } from "./wallet-page-state";
import type { WalletProvider } from "./wallet-provider";
import "./wallet-page.css";

/** `config`: the deployment's public configuration (`GET /api/config`), handed in by the route. */
export function WalletPage({ config }: { config: PublicConfig }) {
  const injected = useInjectedProvider();
  const devAccounts = config.local ? config.devAccounts : [];
  const makeDevWallet = (initialAccount?: string) =>
    createDevWalletProvider({ rpcUrl: config.rpcUrl, chainId: config.chainId, accounts: devAccounts, initialAccount });
  // A Dev wallet chosen on an earlier visit comes back after a reload.
  const [devWallet, setDevWallet] = useState<DevWalletProvider | null>(() =>
    devAccounts.length > 0 && readStoredAccount() ? makeDevWallet() : null,
  );
  const provider = injected ?? devWallet;

  return (
    <div className="wallet-page-shell">
      <header className="wallet-page-topbar">
        <Brand />
        <span className="muted wallet-page-topbar-note">Token wallet · {config.chainName}</span>
      </header>
      <main id="main" className="wallet-page-main">
        {provider ? (
          <WalletScreens provider={provider} devWallet={provider === devWallet ? devWallet : null} config={config} />
        ) : (
          <NoWallet devAccounts={devAccounts} onUseDevWallet={(account) => setDevWallet(makeDevWallet(account))} />
        )}
      </main>
    </div>
  );
}

function WalletScreens({
  provider,
  devWallet,
  config,
}: {
  provider: WalletProvider;
  devWallet: DevWalletProvider | null;
  config: PublicConfig;
}) {
  const page = useWalletPage(provider, config);
  const { state } = page;
  const view = walletScreen(state);
  switch (view.screen) {
    case "notConnected":
      return (
        <ConnectWallet
          networkError={state.networkError}
          onConnect={() => void page.connect()}
          onDismissNetworkError={page.dismissNetworkError}
        />
      );
    case "loading":
      return <Spinner fullScreen label="Loading the token and your balance" />;
    case "connected":
      return (
        <ConnectedWallet
          tokenData={view.tokenData}
          address={view.address}
          balance={view.balance}
          txBeingSent={state.txBeingSent}
          explorerUrl={config.blockExplorerUrl}
          relaying={state.relaying}
          transactionError={state.transactionError}
          local={config.local}
          faucetEnv={config.faucetEnv}
          devWallet={devWallet ? { accounts: devWallet.accounts, select: devWallet.selectAccount } : null}
          onTransfer={(to, amount) => void page.transfer(to, amount)}
          onTransferWithoutGas={page.noGas ? (to, amount) => void page.transferWithoutGas(to, amount) : undefined}
          gaslessReason={page.noGas ? page.gaslessReason : null}
          onDismissTransactionError={page.dismissTransactionError}
        />
      );
  }
}
