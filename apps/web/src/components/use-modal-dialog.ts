import { useEffect, useRef } from 'react';

/**
 * Opens a native <dialog> as a modal for as long as the component is mounted: showModal() keeps focus and
 * the screen reader inside, closes on Escape and makes the page behind inert. On close, focus goes back
 * to the control that opened it (unless that control is gone or disabled now).
 */
export function useModalDialog() {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (dialog && !dialog.open) {
      // jsdom has no showModal: there the dialog is simply open.
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    return () => {
      if (dialog?.open && typeof dialog.close === 'function') dialog.close();
      if (opener?.isConnected && !opener.matches(':disabled')) opener.focus();
    };
  }, []);
  return ref;
}
