import { type RefObject, useEffect, useRef } from "react";

/**
 * A `<dialog>` shown as a modal while its component is mounted: `showModal()` puts it in the top layer and
 * makes the rest of the page inert; `initialFocus` gets the focus; on unmount it closes and the focus goes
 * back to what had it before. A dialog taller than the screen opens at its top, even when the focused button
 * is at its bottom (a phone would otherwise show the end of it first). Returns the ref for the `<dialog>`.
 */
export function useModalDialog(initialFocus: RefObject<HTMLElement | null>): RefObject<HTMLDialogElement | null> {
  const dialogRef = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = dialogRef.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (dialog && !dialog.open) dialog.showModal();
    initialFocus.current?.focus({ preventScroll: true });
    if (dialog) dialog.scrollTop = 0;
    return () => {
      if (dialog?.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, [initialFocus]);
  return dialogRef;
}
