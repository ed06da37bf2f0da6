import type { ReactNode } from "react";

/**
 * The second step of an action that cannot be undone: what it does (`children`), then Yes and Cancel. A double
 * click on Yes runs the action once: `onYes` goes through the admin action (`useAdminAction`), which ignores a
 * call while one runs; `pending` then disables the step.
 */
export function ConfirmStep(props: {
  label: string;
  pending: boolean;
  danger?: boolean;
  yes: string;
  onYes: () => Promise<unknown>;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <fieldset className="semester-confirm" aria-label={props.label} disabled={props.pending}>
      {props.children}
      <div className="form-actions">
        <button type="button" className={props.danger ? "button danger" : "button"} onClick={() => void props.onYes()}>
          {props.yes}
        </button>
        <button type="button" className="button secondary" onClick={props.onCancel}>
          Cancel
        </button>
      </div>
    </fieldset>
  );
}
