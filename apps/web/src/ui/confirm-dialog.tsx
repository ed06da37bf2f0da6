/** "Are you sure?" as a modal dialog: focus starts on Cancel, Escape cancels. */
import { useId, useRef } from "react";
import { useModalDialog } from "./use-modal-dialog";
import "./confirm-dialog.css";

export function ConfirmDialog({
  title,
  text,
  confirmLabel,
  onConfirm,
  onCancel,
}: {
  title: string;
  text: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const dialogRef = useModalDialog(cancelRef);
  const titleId = useId();
  const textId = useId();
  return (
    <dialog
      ref={dialogRef}
      className="dialog confirm-dialog"
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={textId}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <h2 id={titleId}>{title}</h2>
      <p id={textId}>{text}</p>
      <div className="dialog-actions">
        <button ref={cancelRef} type="button" className="button secondary" onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className="button danger" onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
