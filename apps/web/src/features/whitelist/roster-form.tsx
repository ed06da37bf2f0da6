/**
 * The class roster pasted at once (issue 14): one `wallet[,notes]` per line. Bad lines are reported by line
 * number and nothing is added; otherwise the new wallets are listed and each gets its welcome grant.
 */
import type { RosterResult } from "@classcoin/shared/treasury";
import { parseRoster } from "@classcoin/shared/treasury";
import { type FormEvent, useId, useState } from "react";
import { useAdminAction } from "../../lib/admin/use-admin-action";
import { ApiError } from "../../lib/api-client";
import { shortAddress } from "../../ui/short-address";
import { useAddRoster } from "./api/add-roster";
import { grantSummary } from "./grant-summary";

export function RosterForm() {
  const add = useAddRoster();
  const act = useAdminAction();
  const id = useId();
  const [list, setList] = useState("");
  const [errors, setErrors] = useState<string[]>([]);
  const [result, setResult] = useState<RosterResult | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseRoster(list);
    if (parsed.errors.length > 0) {
      setErrors(parsed.errors);
      return;
    }
    setErrors([]);
    setResult(null);
    const done = await act(
      () =>
        add.mutateAsync({ list }).catch((error: unknown) => {
          if (error instanceof ApiError && error.errors?.length) setErrors(error.errors);
          throw error;
        }),
      (r) => r.message,
    );
    if (done) {
      setResult(done);
      setList("");
    }
  };

  return (
    <form className="card whitelist-add" onSubmit={submit} noValidate aria-label="Add the class roster">
      <h2>Add the class roster</h2>
      <p className="muted small">
        Paste one wallet per line, optionally followed by a comma and notes (<code>0xabc…,Ada Lovelace 3B</code>). Each
        wallet added gets a one-time welcome grant from the treasury: ClassCoin to create a profile, and a little ETH
        for gas.
      </p>
      <fieldset disabled={add.isPending}>
        <div className="field">
          <label htmlFor={id}>Wallets</label>
          <textarea
            id={id}
            rows={6}
            spellCheck={false}
            value={list}
            onChange={(e) => setList(e.target.value)}
            {...(errors.length ? { "aria-invalid": true, "aria-describedby": `${id}-errors` } : {})}
          />
          {errors.length > 0 && (
            <div id={`${id}-errors`} role="alert">
              <ul className="field-error" data-testid="roster-errors">
                {errors.map((e) => (
                  <li key={e}>{e}</li>
                ))}
              </ul>
            </div>
          )}
        </div>
        <button type="submit" className="button">
          {add.isPending ? "Adding and sending grants…" : "Add roster"}
        </button>
      </fieldset>
      {result && (
        <ul className="small" data-testid="roster-grants">
          {result.grants.map((g) => (
            <li key={g.wallet}>
              <code className="mono">{shortAddress(g.wallet)}</code>: {grantSummary(g)}
            </li>
          ))}
          {result.skipped.map((s) => (
            <li key={s.wallet}>
              Line {s.line}: <code className="mono">{shortAddress(s.wallet)}</code> {s.reason}
            </li>
          ))}
        </ul>
      )}
    </form>
  );
}
