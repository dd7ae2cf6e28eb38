import { useId, type FormEvent, type ReactNode } from 'react';
import { useModalDialog } from '../../components/use-modal-dialog';
import { buttonStyles } from './ui';

interface ActionModalProps {
  title: string;
  description: string;
  /** Submitting the modal's form is Confirm; fields (if any) go in children. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onCancel: () => void;
  busy: boolean;
  danger?: boolean;
  children?: ReactNode;
}

/**
 * A modal with Cancel and Confirm around an optional form. The native <dialog> opened with showModal()
 * keeps focus and the screen reader inside, closes on Escape, and makes the page behind it inert; focus
 * goes back to the control that opened it.
 */
export function ActionModal({ title, description, onSubmit, onCancel, busy, danger = false, children }: ActionModalProps) {
  const ref = useModalDialog();
  const titleId = useId();
  const descriptionId = useId();

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onCancel();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-lg bg-white p-0 text-stone-900 shadow-xl backdrop:bg-stone-900/50"
    >
      <form noValidate onSubmit={onSubmit} className="space-y-4 p-5">
        <div>
          <h2 id={titleId} className="text-base font-semibold">
            {title}
          </h2>
          <p id={descriptionId} className="mt-1 text-sm text-stone-700">
            {description}
          </p>
        </div>
        {children}
        <div className="flex justify-end gap-2 pt-1">
          <button type="button" className={buttonStyles.secondary} onClick={onCancel} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className={danger ? buttonStyles.danger : buttonStyles.primary} disabled={busy}>
            {busy ? 'Working…' : 'Confirm'}
          </button>
        </div>
      </form>
    </dialog>
  );
}
