import { lazy, type ReactNode, Suspense, useCallback, useMemo, useState } from "react";
import { type CcBalance, CcBalanceContext, noBalance } from "./use-cc-balance";
import { useWallet } from "./use-wallet";

const BalanceReader = lazy(() => import("./balance-reader"));

/** Holds the connected wallet's balance for every page; reading starts when a wallet connects. */
export function BalanceProvider({ children }: { children: ReactNode }) {
  const { wallet } = useWallet();
  const [balance, setBalance] = useState<{ wallet: string; value: CcBalance } | null>(null);
  const report = useCallback((w: string, value: CcBalance) => setBalance({ wallet: w, value }), []);
  const value = useMemo(
    () => (wallet && balance?.wallet === wallet ? balance.value : { ...noBalance, isLoading: !!wallet }),
    [wallet, balance],
  );
  return (
    <CcBalanceContext.Provider value={value}>
      {wallet && (
        <Suspense fallback={null}>
          <BalanceReader key={wallet} wallet={wallet} onChange={report} />
        </Suspense>
      )}
      {children}
    </CcBalanceContext.Provider>
  );
}
