/** Filters: wallet, type, from date, to date, and Clear Filters. Each is kept in the URL. */
import { TRANSACTION_TYPES } from "@classcoin/shared/constants";
import { explorerSearchMessages } from "@classcoin/shared/explorer-tools";
import { walletSchema } from "@classcoin/shared/primitives";
import { type FormEvent, useEffect, useId, useState } from "react";
import type { ExplorerFilters as Filters } from "./api/get-transactions";
import { typeLabel } from "./format";

export function ExplorerFilters({
  filters,
  filtered,
  onChange,
  onClear,
}: {
  filters: Filters;
  filtered: boolean;
  onChange: (changes: Partial<Filters>) => void;
  onClear: () => void;
}) {
  const ids = { wallet: useId(), type: useId(), from: useId(), to: useId() };
  const [wallet, setWallet] = useState(filters.wallet);
  const [walletError, setWalletError] = useState<string | null>(null);
  // Follow the URL (Clear Filters, back and forward).
  useEffect(() => {
    setWallet(filters.wallet);
    setWalletError(null);
  }, [filters.wallet]);

  /** Applies the wallet typed, or says what is wrong with it (before: the API's 400 in place of the table). */
  const applyWallet = () => {
    const typed = wallet.trim();
    if (typed !== "" && !walletSchema.safeParse(typed).success) {
      setWalletError(explorerSearchMessages.walletFilter);
      return;
    }
    setWalletError(null);
    if (typed !== filters.wallet) onChange({ wallet: typed });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    applyWallet();
  };

  return (
    <form className="card explorer-filters" onSubmit={submit} aria-label="Filter transactions">
      <div className="field filter-wallet">
        <label htmlFor={ids.wallet}>Wallet</label>
        <input
          id={ids.wallet}
          type="search"
          placeholder="0x…"
          spellCheck={false}
          autoComplete="off"
          value={wallet}
          onChange={(e) => setWallet(e.target.value)}
          onBlur={applyWallet}
          {...(walletError ? { "aria-invalid": true, "aria-describedby": `${ids.wallet}-error` } : {})}
        />
        {walletError && (
          <p id={`${ids.wallet}-error`} className="field-error" role="alert">
            {walletError}
          </p>
        )}
      </div>
      <div className="field">
        <label htmlFor={ids.type}>Type</label>
        <select id={ids.type} value={filters.type} onChange={(e) => onChange({ type: e.target.value })}>
          <option value="">All types</option>
          {TRANSACTION_TYPES.map((t) => (
            <option key={t} value={t}>
              {typeLabel(t)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={ids.from}>From date</label>
        <input
          id={ids.from}
          type="date"
          value={filters.from}
          max={filters.to || undefined}
          onChange={(e) => onChange({ from: e.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor={ids.to}>To date</label>
        <input
          id={ids.to}
          type="date"
          value={filters.to}
          min={filters.from || undefined}
          onChange={(e) => onChange({ to: e.target.value })}
        />
      </div>
      <div className="filter-actions">
        <button type="submit" className="button">
          Apply
        </button>
        <button type="button" className="button secondary" onClick={onClear} disabled={!filtered && wallet === ""}>
          Clear Filters
        </button>
      </div>
    </form>
  );
}
