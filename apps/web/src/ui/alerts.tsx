/**
 * The app's alert: an accessible modal in place of `window.alert` (which blocks the page, cannot be styled and
 * is suppressed by some browsers). `await alert(text)` resolves when the person dismisses it; alerts raised
 * while one is open wait their turn.
 */
import { createContext, type ReactNode, useCallback, useContext, useId, useRef, useState } from "react";
import { useModalDialog } from "./use-modal-dialog";
import "./alerts.css";

export interface AlertOptions {
  /** A heading above the text; without one the dialog is labelled by the text itself. */
  title?: string;
}

export type ShowAlert = (text: string, options?: AlertOptions) => Promise<void>;

interface PendingAlert {
  id: number;
  text: string;
  title?: string;
  resolve: () => void;
}

const AlertContext = createContext<ShowAlert | null>(null);

export function AlertProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<PendingAlert[]>([]);
  const nextId = useRef(1);

  const alert = useCallback<ShowAlert>(
    (text, options) =>
      new Promise<void>((resolve) => {
        const id = nextId.current++;
        setQueue((q) => [...q, { id, text, title: options?.title, resolve }]);
      }),
    [],
  );

  const dismiss = useCallback((item: PendingAlert) => {
    setQueue((q) => q.filter((a) => a.id !== item.id));
    item.resolve();
  }, []);

  const current = queue[0];
  return (
    <AlertContext.Provider value={alert}>
      {children}
      {current && <AlertDialog key={current.id} item={current} onDismiss={dismiss} />}
    </AlertContext.Provider>
  );
}

/** Returns `alert(text, options?)`, a Promise resolved when the alert is dismissed. */
export function useAlert(): ShowAlert {
  const alert = useContext(AlertContext);
  if (!alert) throw new Error("useAlert() needs an <AlertProvider> above it (see app/app.tsx).");
  return alert;
}

function AlertDialog({ item, onDismiss }: { item: PendingAlert; onDismiss: (item: PendingAlert) => void }) {
  const okRef = useRef<HTMLButtonElement>(null);
  const dialogRef = useModalDialog(okRef);
  const titleId = useId();
  const textId = useId();
  const dismissed = useRef(false);
  const dismissOnce = () => {
    if (dismissed.current) return;
    dismissed.current = true;
    onDismiss(item);
  };

  return (
    <dialog
      ref={dialogRef}
      className="dialog alert-dialog"
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={item.title ? titleId : textId}
      aria-describedby={item.title ? textId : undefined}
      onCancel={(event) => {
        // Escape: close through React so the queue and the promise stay in step.
        event.preventDefault();
        dismissOnce();
      }}
      // The browser may close it on its own (a repeated Escape cannot be cancelled).
      onClose={dismissOnce}
    >
      {item.title && (
        <h2 id={titleId} className="alert-dialog-title">
          {item.title}
        </h2>
      )}
      <p id={textId} className="alert-dialog-text">
        {item.text}
      </p>
      <div className="alert-dialog-actions">
        <button ref={okRef} type="button" className="alert-dialog-ok" onClick={dismissOnce}>
          OK
        </button>
      </div>
    </dialog>
  );
}
