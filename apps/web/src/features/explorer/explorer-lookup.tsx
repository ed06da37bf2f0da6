/**
 * The explorer's one search box: an address shows that wallet's transactions (the Wallet filter), a transaction
 * hash opens the transaction, a profile name the wallet of that profile (a choice when several match).
 */
import type { Transaction } from "@classcoin/shared/entities";
import type { ExplorerSearchResult } from "@classcoin/shared/explorer-tools";
import { type FormEvent, useId, useState } from "react";
import { Avatar } from "../../ui/avatar";
import { WithEcho } from "../../ui/echo";
import { useExplorerLookup } from "./api/search-explorer";

export function ExplorerLookup({
  onWallet,
  onTransaction,
}: {
  onWallet: (wallet: string) => void;
  onTransaction: (transaction: Transaction) => void;
}) {
  const [q, setQ] = useState("");
  const [choices, setChoices] = useState<Extract<ExplorerSearchResult, { kind: "profiles" }>["profiles"]>([]);
  const [message, setMessage] = useState("");
  // What the message may say back (the server's "No … matches "<q>"."): shown isolated.
  const [searched, setSearched] = useState("");
  const lookup = useExplorerLookup();
  const inputId = useId();
  const messageId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChoices([]);
    setMessage("");
    if (!q.trim()) {
      setMessage("Type an address, a transaction hash or a name to search.");
      return;
    }
    setSearched(q.trim());
    lookup.mutate(q.trim(), {
      onSuccess: ({ result, transaction }) => {
        if (result.kind === "wallet") onWallet(result.wallet);
        else if (result.kind === "transaction" && transaction) onTransaction(transaction);
        else if (result.kind === "profiles") setChoices(result.profiles);
        else if (result.kind === "none") setMessage(result.message);
      },
      onError: (error) => setMessage(`The search failed: ${error.message}`),
    });
  };

  return (
    <search className="card explorer-lookup">
      <form onSubmit={submit} className="explorer-lookup-form">
        <label htmlFor={inputId}>Search</label>
        <input
          id={inputId}
          type="search"
          placeholder="Address, tx hash or name"
          spellCheck={false}
          autoComplete="off"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          aria-describedby={message ? messageId : undefined}
        />
        <button type="submit" className="button" disabled={lookup.isPending}>
          {lookup.isPending ? "Searching…" : "Search"}
        </button>
      </form>
      {message && (
        <p id={messageId} className="muted small lookup-message" role="status">
          <WithEcho text={message} echo={searched} />
        </p>
      )}
      {choices.length > 0 && (
        <div className="lookup-choices">
          <p className="small">Several profiles match. Whose transactions?</p>
          <ul>
            {choices.map((p) => (
              <li key={p.wallet}>
                <button
                  type="button"
                  className="button secondary small"
                  onClick={() => {
                    setChoices([]);
                    onWallet(p.wallet);
                  }}
                >
                  <Avatar photo={p.photo} wallet={p.wallet} name={p.name} size={20} />
                  {p.name}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </search>
  );
}
