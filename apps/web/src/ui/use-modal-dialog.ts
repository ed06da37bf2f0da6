import { type RefObject, useEffect, useRef } from "react";

const FOCUSABLE =
  'a[href], button:not(:disabled), input:not(:disabled), select:not(:disabled), textarea:not(:disabled), [tabindex]:not([tabindex="-1"])';

/**
 * `showModal()` makes the page inert, but Tab past the dialog's last control still leaves it for the browser's
 * own UI (the focus lands on the page's body, and a screen reader reads the page behind): wrap it around.
 */
function wrapTab(dialog: HTMLDialogElement, event: KeyboardEvent): void {
  if (event.key !== "Tab") return;
  const focusable = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0);
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) {
    event.preventDefault();
    return;
  }
  const inside = dialog.contains(document.activeElement);
  if (event.shiftKey && (document.activeElement === first || !inside)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (document.activeElement === last || !inside)) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * A `<dialog>` shown as a modal while its component is mounted: `showModal()` puts it in the top layer and
 * makes the rest of the page inert; `initialFocus` gets the focus; on unmount it closes and the focus goes
 * back to what had it before. A dialog taller than the screen opens at its top, even when the focused button
 * is at its bottom (a phone would otherwise show the end of it first); Tab and Shift+Tab go round inside it.
 * Returns the ref for the `<dialog>`.
 */
export function useModalDialog(initialFocus: RefObject<HTMLElement | null>): RefObject<HTMLDialogElement | null> {
  const dialogRef = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = dialogRef.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (dialog && !dialog.open) dialog.showModal();
    initialFocus.current?.focus({ preventScroll: true });
    if (dialog) dialog.scrollTop = 0;
    const onKeyDown = (event: KeyboardEvent) => dialog && wrapTab(dialog, event);
    dialog?.addEventListener("keydown", onKeyDown);
    return () => {
      dialog?.removeEventListener("keydown", onKeyDown);
      if (dialog?.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, [initialFocus]);
  return dialogRef;
}
