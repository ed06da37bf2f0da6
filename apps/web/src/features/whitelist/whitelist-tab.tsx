/**
 * Whitelist: the mode toggle (on: only whitelisted wallets may create new profiles), the add form (wallet
 * required, notes optional), the pasted roster (issue 14; each wallet added gets its welcome grant) and the
 * list, each wallet with its grant as it stands and Remove after a confirmation.
 */
import { addWhitelistSchema, adminSuccessMessages } from "@classcoin/shared/admin";
import { messages } from "@classcoin/shared/messages";
import type { AdminWhitelistEntry } from "@classcoin/shared/treasury";
import { type FormEvent, useId, useState } from "react";
import { AdminList, StateBadge } from "../../lib/admin/admin-list";
import type { AdminSigner } from "../../lib/admin/admin-signer";
import { LoadState } from "../../lib/admin/load-state";
import { useAdminAction } from "../../lib/admin/use-admin-action";
import { ConfirmDialog } from "../../ui/confirm-dialog";
import { formatDate } from "../../ui/dates";
import { useAddWhitelist } from "./api/add-whitelist";
import { useSettings } from "./api/get-settings";
import { useWhitelist } from "./api/get-whitelist";
import { useRemoveWhitelist } from "./api/remove-whitelist";
import { useSetWhitelistMode } from "./api/set-whitelist-mode";
import { grantSummary } from "./grant-summary";
import { RosterForm } from "./roster-form";
import "./whitelist.css";

export function WhitelistTab({ signer }: { signer: AdminSigner }) {
  const settings = useSettings(signer);
  const list = useWhitelist(signer);
  const setMode = useSetWhitelistMode();
  const remove = useRemoveWhitelist();
  const act = useAdminAction();
  const [removing, setRemoving] = useState<AdminWhitelistEntry | null>(null);

  return (
    <div className="whitelist-admin">
      <LoadState tab="Settings" query={settings}>
        {({ whitelistMode }) => (
          <section className="card whitelist-mode" aria-label="Whitelist mode">
            <h2>
              Whitelist mode:{" "}
              <StateBadge ok={whitelistMode} testId="whitelist-mode">
                {whitelistMode ? "On" : "Off"}
              </StateBadge>
            </h2>
            <p className="muted">
              {whitelistMode
                ? "Only whitelisted wallets can create new profiles; existing profiles keep access."
                : "Anyone with at least 1 ClassCoin can create a profile."}
            </p>
            <button
              type="button"
              className="button"
              disabled={setMode.isPending}
              onClick={() =>
                void act(
                  () => setMode.mutateAsync({ key: "whitelistMode", value: !whitelistMode }),
                  () => adminSuccessMessages.whitelistMode(!whitelistMode),
                  { key: "mode" },
                )
              }
            >
              {whitelistMode ? "Disable whitelist mode" : "Enable whitelist mode"}
            </button>
          </section>
        )}
      </LoadState>
      <AddWalletForm />
      <RosterForm />
      <LoadState tab="Whitelist" query={list}>
        {(entries) => (
          <AdminList items={entries} empty="No whitelisted wallets." rowTestId="whitelist-entry">
            {(e) => (
              <>
                <div className="admin-row-main">
                  <code className="mono break">{e.wallet}</code>
                  <div className="muted small">
                    {e.notes ? `${e.notes} · ` : ""}added {formatDate(e.addedAt)}
                  </div>
                  <GrantLine grant={e.grant} />
                </div>
                <button
                  type="button"
                  className="button small danger"
                  aria-label={`Remove ${e.wallet}`}
                  disabled={remove.isPending && remove.variables?.wallet === e.wallet}
                  onClick={() => setRemoving(e)}
                >
                  Remove
                </button>
              </>
            )}
          </AdminList>
        )}
      </LoadState>
      {removing && (
        <ConfirmDialog
          title="Remove wallet"
          text={messages.admin.removeWalletConfirm(removing.wallet)}
          confirmLabel="Remove"
          onCancel={() => setRemoving(null)}
          onConfirm={() => {
            const target = removing;
            setRemoving(null);
            void act(
              () => remove.mutateAsync({ wallet: target.wallet }),
              () => adminSuccessMessages.walletRemoved,
              { key: `remove:${target.wallet}` },
            );
          }}
        />
      )}
    </div>
  );
}

/**
 * A listed wallet's welcome grant, in the words shown after an add; what still needs the admin (not sent,
 * failed, or its ETH skipped for want of treasury ETH: top up and add it again) stands out.
 */
function GrantLine({ grant }: { grant: AdminWhitelistEntry["grant"] }) {
  if (!grant) {
    return (
      <p className="muted small whitelist-grant" data-testid="whitelist-grant">
        No welcome grant.
      </p>
    );
  }
  const needsAction =
    grant.state === "unsent" ||
    grant.state === "failed" ||
    grant.ethSkipped === messages.treasury.welcomeEthSkippedNoFunds;
  return (
    <p
      className={needsAction ? "small whitelist-grant needs-action" : "muted small whitelist-grant"}
      data-testid="whitelist-grant"
      data-state={grant.state}
    >
      {grantSummary(grant)}
    </p>
  );
}

function AddWalletForm() {
  const add = useAddWhitelist();
  const act = useAdminAction();
  const ids = { wallet: useId(), notes: useId() };
  const [wallet, setWallet] = useState("");
  const [notes, setNotes] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [grant, setGrant] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = addWhitelistSchema.safeParse({ wallet, notes });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? messages.whitelist.walletRequired);
      return;
    }
    setError(null);
    setGrant(null);
    // The server's words: a listed wallet added again says what became of its grant, not "added".
    const result = await act(
      () => add.mutateAsync(parsed.data),
      (answer) => answer.message || adminSuccessMessages.walletAdded,
    );
    if (result) {
      setWallet("");
      setNotes("");
      // Issue 14: the welcome grant sent with the addition, shown under the form.
      setGrant(result.grant ? `${result.entry.wallet}: ${grantSummary(result.grant)}` : null);
    }
  };

  return (
    <form className="card whitelist-add" onSubmit={submit} noValidate aria-label="Add a wallet to the whitelist">
      <h2>Add a wallet</h2>
      <fieldset disabled={add.isPending}>
        <div className="field">
          <label htmlFor={ids.wallet}>Wallet address</label>
          <input
            id={ids.wallet}
            type="text"
            placeholder="0x..."
            spellCheck={false}
            autoComplete="off"
            value={wallet}
            onChange={(e) => setWallet(e.target.value)}
            {...(error ? { "aria-invalid": true, "aria-describedby": `${ids.wallet}-error` } : {})}
          />
          {error && (
            <p id={`${ids.wallet}-error`} className="field-error" role="alert">
              {error}
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor={ids.notes}>Notes (optional)</label>
          <input id={ids.notes} type="text" value={notes} onChange={(e) => setNotes(e.target.value)} />
        </div>
        <button type="submit" className="button">
          Add to Whitelist
        </button>
      </fieldset>
      {grant && (
        <p className="muted small" role="status" data-testid="welcome-grant">
          {grant}
        </p>
      )}
    </form>
  );
}
