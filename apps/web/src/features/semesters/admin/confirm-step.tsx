import { type ReactNode, useRef } from "react";

/**
 * The second step of an action that cannot be undone: what it does (`children`), then Yes and Cancel. Yes runs
 * once at a time: `pending` disables the step a tick after the first click, and a double click's second click
 * used to send the action again (refused by the server: an error alert beside the success).
 */
export function ConfirmStep(props: {
  label: string;
  pending: boolean;
  danger?: boolean;
  yes: string;
  /** The action; Yes does nothing more until it settles. */
  onYes: () => Promise<unknown>;
  onCancel: () => void;
  children: ReactNode;
}) {
  const running = useRef(false);
  const yes = async () => {
    if (running.current) return;
    running.current = true;
    try {
      await props.onYes();
    } finally {
      running.current = false;
    }
  };
  return (
    <fieldset className="semester-confirm" aria-label={props.label} disabled={props.pending}>
      {props.children}
      <div className="form-actions">
        <button type="button" className={props.danger ? "button danger" : "button"} onClick={() => void yes()}>
          {props.yes}
        </button>
        <button type="button" className="button secondary" onClick={props.onCancel}>
          Cancel
        </button>
      </div>
    </fieldset>
  );
}
