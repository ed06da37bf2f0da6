import { useEffect, useState } from "react";
import { DEV_WALLET_RDNS } from "../../wallet/dev-wallet-provider";
import type { WalletProvider } from "./wallet-provider";

interface Eip6963Detail {
  info?: { rdns?: string };
  provider?: WalletProvider;
}

/**
 * The browser's wallet: `window.ethereum` (MetaMask, Rabby, …) or else the first wallet that announces itself
 * over EIP-6963. Our own Dev wallet is not a browser wallet: the page offers it separately.
 */
export function useInjectedProvider(): WalletProvider | null {
  const [provider, setProvider] = useState<WalletProvider | null>(
    () => (window as { ethereum?: WalletProvider }).ethereum ?? null,
  );
  useEffect(() => {
    if (provider) return;
    const onAnnounce = (event: Event) => {
      const detail = (event as CustomEvent<Eip6963Detail>).detail;
      if (!detail?.provider || detail.info?.rdns === DEV_WALLET_RDNS) return;
      const announced = detail.provider;
      setProvider((current) => current ?? announced);
    };
    window.addEventListener("eip6963:announceProvider", onAnnounce);
    window.dispatchEvent(new Event("eip6963:requestProvider"));
    return () => window.removeEventListener("eip6963:announceProvider", onAnnounce);
  }, [provider]);
  return provider;
}
