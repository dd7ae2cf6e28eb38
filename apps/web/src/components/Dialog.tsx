import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';

/** The look of the two buttons: the storefront's and the back-office's differ. */
interface DialogButtonStyles {
  cancel: string;
  confirm: string;
  danger: string;
}

export interface DialogProps {
  title: string;
  description: ReactNode;
  /** 'alertdialog' for a plain question before a step that cannot be undone. */
  role?: 'dialog' | 'alertdialog';
  /**
   * Submitting the dialog's form is the confirm button; fields, if any, go in children. A handler that is
   * async shows its own failures (what it sends is caught there): nothing waits for its promise.
   */
  onSubmit: (event: FormEvent<HTMLFormElement>) => void | Promise<unknown>;
  onCancel: () => void;
  busy: boolean;
  /** Red confirm button: the step cannot be undone. */
  danger?: boolean;
  labels: { cancel: string; confirm: string; busy: string };
  buttons: DialogButtonStyles;
  children?: ReactNode;
}

/**
 * The app's one dialog: a native <dialog> opened with showModal(), which keeps focus and the screen reader
 * inside, closes on Escape and makes the page behind inert. Focus starts on the first control (Cancel
 * when there are no fields) and goes back to the control that opened it.
 */
export function Dialog({
  title,
  description,
  role = 'dialog',
  onSubmit,
  onCancel,
  busy,
  danger = false,
  labels,
  buttons,
  children,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  // Read while rendering, before anything in the dialog takes the focus.
  const [opener] = useState(() =>
    typeof document !== 'undefined' && document.activeElement instanceof HTMLElement ? document.activeElement : null,
  );

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!dialog.open) {
      // jsdom has no showModal: there the dialog is simply open, and focus is placed as a browser would.
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    if (!dialog.contains(document.activeElement))
      dialog.querySelector<HTMLElement>('input, textarea, select, button:not(:disabled)')?.focus();
    return () => {
      if (dialog.open && typeof dialog.close === 'function') dialog.close();
      if (opener?.isConnected && !opener.matches(':disabled')) opener.focus();
    };
  }, [opener]);

  return (
    <dialog
      ref={ref}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      onCancel={(event) => {
        // Escape: the caller decides (not while a call is on its way).
        event.preventDefault();
        if (!busy) onCancel();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-lg bg-white p-0 text-stone-900 shadow-xl backdrop:bg-stone-900/50"
    >
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4 p-5">
        <div>
          <h2 id={titleId} className="text-lg font-semibold">
            {title}
          </h2>
          <p id={descriptionId} className="mt-1 text-sm text-stone-700">
            {description}
          </p>
        </div>
        {children}
        <div className="flex flex-wrap justify-end gap-2 pt-1">
          <button type="button" className={buttons.cancel} onClick={onCancel} disabled={busy}>
            {labels.cancel}
          </button>
          <button type="submit" className={danger ? buttons.danger : buttons.confirm} disabled={busy}>
            {busy ? labels.busy : labels.confirm}
          </button>
        </div>
      </form>
    </dialog>
  );
}
