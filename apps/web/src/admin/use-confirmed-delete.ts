import type { ReactNode } from 'react';
import { errorMessage } from './api';
import { useConfirm } from './components/ConfirmDialog';
import { notifyError, notifySuccess } from './toasts';

interface ConfirmedDelete<T> {
  /** What the confirm dialog asks. */
  question: string | ((item: T) => string);
  remove: (item: T) => Promise<unknown>;
  /** Toasted once it is gone. */
  success: string;
  /** Spec 8: the toast when the server refuses without a message. */
  fallback: string;
  /** Shows the list without it (a reload, or a local update). */
  removed: (item: T) => void;
}

/** A list's Delete: asks first, then deletes, toasts either way. Render `dialog`; call `onDelete(item)`. */
export function useConfirmedDelete<T>({ question, remove, success, fallback, removed }: ConfirmedDelete<T>): [dialog: ReactNode, onDelete: (item: T) => Promise<void>] {
  const [dialog, confirm] = useConfirm();

  async function onDelete(item: T) {
    if (!(await confirm(typeof question === 'string' ? question : question(item)))) return;
    try {
      await remove(item);
      notifySuccess(success);
      removed(item);
    } catch (error) {
      notifyError(errorMessage(error, fallback));
    }
  }

  return [dialog, onDelete];
}
