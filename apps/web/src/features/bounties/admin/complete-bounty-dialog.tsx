/**
 * Complete a bounty (issue 14): the admin picks the student by name; confirming mints the reward to them
 * from the treasury (one signature), then the bounty shows "Completed by <name> on <date>".
 */
import type { Bounty } from "@classcoin/shared/entities";
import { type FormEvent, useId, useRef, useState } from "react";
import { StudentSelect } from "../../../lib/admin/student-select";
import { useModalDialog } from "../../../ui/use-modal-dialog";

export function CompleteBountyDialog({
  bounty,
  adminWallet,
  onComplete,
  onCancel,
}: {
  bounty: Bounty;
  adminWallet: string;
  onComplete: (wallet: string) => void;
  onCancel: () => void;
}) {
  const selectRef = useRef<HTMLSelectElement>(null);
  const dialogRef = useModalDialog(selectRef);
  const ids = { title: useId(), student: useId() };
  const [wallet, setWallet] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (wallet) onComplete(wallet);
  };
  return (
    <dialog
      ref={dialogRef}
      className="dialog confirm-dialog"
      aria-modal="true"
      aria-labelledby={ids.title}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <form onSubmit={submit}>
        <h2 id={ids.title}>Complete “{bounty.title}”</h2>
        <p>
          The treasury pays the reward of <strong>{bounty.reward.toLocaleString("en-US")} CC</strong> to the student on
          chain, once; the bounty then shows who completed it.
        </p>
        <label htmlFor={ids.student}>Completed by</label>
        <StudentSelect id={ids.student} value={wallet} onChange={setWallet} adminWallet={adminWallet} />
        <div className="dialog-actions">
          <button type="button" className="button secondary" onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" className="button" disabled={!wallet}>
            Pay {bounty.reward.toLocaleString("en-US")} CC and complete
          </button>
        </div>
      </form>
    </dialog>
  );
}
