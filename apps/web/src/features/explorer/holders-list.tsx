/** The holders list: rank, wallet (name and photo when it has a profile), balance and share of the supply. */
import { type FormEvent, useId, useState } from "react";
import { Pager } from "../../ui/pager";
import { Spinner } from "../../ui/spinner";
import { useWalletSetup } from "../../wallet/wallet-context";
import { useHolders } from "./api/get-holders";
import { formatCc, formatShare } from "./format";
import { WalletCell } from "./wallet-cell";

export function HoldersList({ onWallet }: { onWallet: (wallet: string) => void }) {
  const { config } = useWalletSetup();
  const [page, setPage] = useState(1);
  const { data, isLoading, isError, error, isPlaceholderData } = useHolders(page);
  const headingId = useId();
  const view = (wallet: string) => (event: FormEvent) => {
    event.preventDefault();
    onWallet(wallet);
  };

  return (
    <section className="holders" aria-labelledby={headingId}>
      <h2 id={headingId}>Holders</h2>
      {isLoading && <Spinner label="Loading holders" />}
      {isError && (
        <p className="form-error" role="alert">
          Could not load the holders: {error.message}
        </p>
      )}
      {data && (
        <>
          <p className="muted small" data-testid="holders-summary">
            {data.holderCount.toLocaleString("en-US")} holders of {formatCc(data.totalSupply, config.productSymbol)} in
            circulation.
          </p>
          {data.holders.length === 0 ? (
            <p className="empty-state">No wallet holds ClassCoin yet.</p>
          ) : (
            <div className="table-scroll" aria-busy={isPlaceholderData}>
              <table className="tx-table holders-table">
                <caption className="visually-hidden">Holders, page {data.pagination.current}</caption>
                <thead>
                  <tr>
                    <th scope="col" className="num">
                      Rank
                    </th>
                    <th scope="col">Wallet</th>
                    <th scope="col" className="num">
                      Balance
                    </th>
                    <th scope="col" className="num">
                      Share of supply
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.holders.map((h) => (
                    <tr key={h.wallet} data-testid="holder-row">
                      <td className="num" data-label="Rank">
                        {h.rank}
                      </td>
                      <td data-label="Wallet">
                        <a href={`?wallet=${h.wallet}`} onClick={view(h.wallet)} className="holder-link">
                          <WalletCell wallet={h.wallet} name={h.name} photo={h.photo} />
                        </a>
                      </td>
                      <td className="num" data-label="Balance">
                        {formatCc(h.balance, config.productSymbol)}
                      </td>
                      <td className="num" data-label="Share of supply">
                        <span className="share">
                          <span className="share-bar" aria-hidden="true">
                            <span style={{ width: `${Math.min(100, h.share * 100)}%` }} />
                          </span>
                          {formatShare(h.share)}
                        </span>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <Pager pagination={data.pagination} onPage={setPage} busy={isPlaceholderData} label="Holder pages" />
        </>
      )}
    </section>
  );
}
