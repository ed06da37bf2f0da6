/**
 * Awards (issue 14): the admin sends one student, picked by name, a number of CC from the treasury with a
 * note; the explorer shows it (type system) with the note. One signature per award.
 */
import { messages } from "@classcoin/shared/messages";
import { type Award, awardSchema } from "@classcoin/shared/treasury";
import { type FormEvent, useId, useState } from "react";
import type { AdminSigner } from "../../lib/admin/admin-signer";
import { StudentSelect } from "../../lib/admin/student-select";
import { TxLink } from "../../lib/admin/tx-link";
import { useAdminAction } from "../../lib/admin/use-admin-action";
import { useAwardSentHash } from "./api/award-sent";
import { useSendAward } from "./api/send-award";
import "./awards.css";

/** 16 random bytes as hex (crypto.randomUUID needs a secure context; a class server may be plain http). */
function newAwardId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}

export function AwardsTab({ signer }: { signer: AdminSigner }) {
  const send = useSendAward();
  const act = useAdminAction();
  const ids = { student: useId(), amount: useId(), note: useId() };
  const [wallet, setWallet] = useState("");
  const [amount, setAmount] = useState("");
  const [note, setNote] = useState("");
  const [errors, setErrors] = useState<Partial<Record<keyof Award, string>>>({});
  const [last, setLast] = useState<string | null>(null);
  // One id per award the form holds: sent again unchanged (after "not mined yet"), the server follows the
  // payment it already made; a change of student, amount or note is another award.
  const [awardId, setAwardId] = useState(newAwardId);
  // The fields are disabled while an award is sent, so its id is this one until it is answered.
  const sentHash = useAwardSentHash(awardId);
  const changed =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setAwardId(newAwardId());
    };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = awardSchema.safeParse({ wallet, amount: amount.trim() === "" ? undefined : amount, note, awardId });
    if (!parsed.success) {
      const found: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof Award;
        found[key] ??= key === "wallet" ? "Choose a student" : issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    const result = await act(
      () => send.mutateAsync(parsed.data),
      (r) => r.message,
    );
    if (result) {
      setLast(result.award.txHash);
      setAmount("");
      setNote("");
      setAwardId(newAwardId());
    }
  };

  const error = (key: keyof Award, id: string) =>
    errors[key] && (
      <p id={`${id}-error`} className="field-error" role="alert">
        {errors[key]}
      </p>
    );
  const invalid = (key: keyof Award, id: string) =>
    errors[key] ? { "aria-invalid": true, "aria-describedby": `${id}-error` } : {};

  return (
    <form className="card award-form" onSubmit={submit} noValidate aria-label="Award a student">
      <h2>Award a student</h2>
      <p className="muted">
        The treasury mints the CC to the student. The explorer shows it as a system transaction with your note.
      </p>
      <fieldset disabled={send.isPending}>
        <div className="field">
          <label htmlFor={ids.student}>Student</label>
          <StudentSelect id={ids.student} value={wallet} onChange={changed(setWallet)} adminWallet={signer.wallet} />
          {error("wallet", ids.student)}
        </div>
        <div className="field">
          <label htmlFor={ids.amount}>Amount (CC)</label>
          <input
            id={ids.amount}
            type="number"
            min={1}
            step={1}
            placeholder="10"
            value={amount}
            onChange={(e) => changed(setAmount)(e.target.value)}
            {...invalid("amount", ids.amount)}
          />
          {error("amount", ids.amount)}
        </div>
        <div className="field">
          <label htmlFor={ids.note}>Note (shown in the explorer)</label>
          <input
            id={ids.note}
            type="text"
            maxLength={200}
            placeholder="Best poster of the week"
            value={note}
            onChange={(e) => changed(setNote)(e.target.value)}
            {...invalid("note", ids.note)}
          />
          {error("note", ids.note)}
        </div>
        <button type="submit" className="button">
          {send.isPending ? "Sending…" : "Send award"}
        </button>
      </fieldset>
      {send.isPending && sentHash && <PendingAward hash={sentHash} />}
      {last && !send.isPending && (
        <p className="muted small" data-testid="award-tx">
          Last award: transaction <TxLink hash={last} />
        </p>
      )}
    </form>
  );
}

/** The mint under way, from the live stream: on Sepolia a block is 12 s or more with nothing else to look at. */
function PendingAward({ hash }: { hash: string }) {
  // The catalogue's sentence with the hash in place, so the hash can be a link to the block explorer.
  const [before, after] = messages.treasury.awardPending("\u0000").split("\u0000");
  return (
    <p className="notice small" role="status" data-testid="award-pending">
      {before}
      <TxLink hash={hash} />
      {after}
    </p>
  );
}
