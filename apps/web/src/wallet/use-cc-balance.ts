/**
 * The connected wallet's ClassCoin balance. The reading itself (balance-reader.tsx) is loaded only once a
 * wallet is connected, so a visitor's first page load carries no contract-call code.
 */
import { createContext, useContext } from "react";

export interface CcBalance {
  /** Whole and fractional CC as a number (the spec's "≥ 1" checks), undefined while unknown. */
  amount: number | undefined;
  /** For display, e.g. "1,250 CC". */
  label: string | undefined;
  isLoading: boolean;
  /** Reads the balance again (after the app's own writes). */
  refresh(): void;
}

export const noBalance: CcBalance = { amount: undefined, label: undefined, isLoading: false, refresh: () => {} };

export const CcBalanceContext = createContext<CcBalance>(noBalance);

export const useCcBalance = (): CcBalance => useContext(CcBalanceContext);
